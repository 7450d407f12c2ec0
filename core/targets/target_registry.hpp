// Target ids → constructors. The CLI's --target/--model flags, the GUI's target picker and
// scenario files all go through make_target.
#pragma once

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
};

const std::vector<TargetInfo>& target_catalogue();
const TargetInfo* find_target_info(const std::string& id);

// The custom target's optional truth-window bounds (xmin, xmax, ymin, ymax).
const std::vector<std::string>& custom_bound_names();

// Throws UserError for an unknown id, bad parameters, or a malformed data file.
std::shared_ptr<const Target> make_target(const TargetSpec& spec);

}  // namespace sgl
