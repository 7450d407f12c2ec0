// Target ids → constructors. The CLI's --target/--model flags, the GUI's target picker and
// scenario files all go through make_target. What a target accepts (a data file, its own
// parameters) is read from its catalogue entry, never from its id.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/targets/target.hpp"

namespace sgl {

struct TargetSpec {
  std::string id;        // e.g. "chen-doublewell", "gauss2d", "linear", "logistic"
  ParamValues params;    // the target's own parameters (rho, n, d, seed, prior_sd, noise_sd, ...)
  std::string data_csv;  // regressions: a CSV file to load; empty means the synthetic generator
  std::string response = "y";  // regressions: the response column's name
  // "custom" only: the typed expression U(x) or U(x, y). The explicit initialiser keeps the
  // many four-field brace initialisations of this struct free of -Wmissing-field-initializers.
  std::string potential = {};

  bool operator==(const TargetSpec&) const = default;
};

// A target registry entry: id, description, what the target accepts, and how to build it.
struct TargetInfo {
  std::string id;
  std::string description;   // one line, with the paper reference where there is one
  bool data_target = false;  // has per-datum terms (minibatch samplers apply)
  std::vector<ParamDescriptor> params;
  // Takes a CSV file (`--data`, the scenario field "data", the GUI's Load CSV) in place of its
  // synthetic data; `--model ID` names exactly these targets.
  bool accepts_data_file = false;
  // Builds the target from a checked spec and its parameters with defaults filled in.
  std::function<std::shared_ptr<const Target>(const TargetSpec& spec, const ParamValues& values)>
      make;
};

const std::vector<TargetInfo>& target_catalogue();
const TargetInfo* find_target_info(const std::string& id);

// The custom target's optional truth-window bounds (xmin, xmax, ymin, ymax).
const std::vector<std::string>& custom_bound_names();

// The ids of the targets that accept a data file, in catalogue order, joined by `separator`
// (for messages: "linear and logistic").
std::string data_file_target_ids(const std::string& separator);

// Throws UserError for an unknown id, bad parameters, or a malformed data file.
std::shared_ptr<const Target> make_target(const TargetSpec& spec);

}  // namespace sgl
