// Parameter descriptors and values: the one source of truth for sampler and target settings.
// The CLI parses `key=value` lists against them, the GUI builds its sliders from them, and
// scenario files store values under the same names.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace sgl {

enum class ParamKind { Real, Integer, Boolean, Choice };

// Which targets a parameter applies to. Stochastic-gradient samplers take `batch_size` on data
// targets and `noise_var` on analytic targets; giving the other one is an error, not ignored.
enum class ParamScope { Any, DataTargetsOnly, AnalyticTargetsOnly };

struct ParamDescriptor {
  ParamDescriptor() = default;
  ParamDescriptor(std::string name_, std::string label_, ParamKind kind_, double min_, double max_,
                  double default_value_, bool log_scale_, std::string tooltip_,
                  std::vector<std::string> choices_ = {}, ParamScope scope_ = ParamScope::Any)
      : name(std::move(name_)),
        label(std::move(label_)),
        kind(kind_),
        min(min_),
        max(max_),
        default_value(default_value_),
        log_scale(log_scale_),
        tooltip(std::move(tooltip_)),
        choices(std::move(choices_)),
        scope(scope_) {}

  std::string name;   // public id, e.g. "step_size"
  std::string label;  // short human label, e.g. "step size ε"
  ParamKind kind = ParamKind::Real;
  double min = 0.0;  // inclusive range
  double max = 1.0;
  double default_value = 0.0;
  bool log_scale = false;            // slider on a log scale
  std::string tooltip;               // one line: the parameter's role
  std::vector<std::string> choices;  // for ParamKind::Choice; the value is the index
  ParamScope scope = ParamScope::Any;
  // The word "auto" stands for the value 0 (e.g. hmcecs's batch_size=auto), in and out.
  bool zero_means_auto = false;
  // Shown by `list` instead of the default value when the default is not a number at all (the
  // custom target's window bounds are found from the potential unless given).
  std::string default_text;
};

// Numeric values keyed by name; booleans are 0/1 and choices are indices into `choices`.
using ParamValues = std::map<std::string, double>;

const ParamDescriptor* find_descriptor(const std::vector<ParamDescriptor>& descriptors,
                                       const std::string& name);

// Parses "a=1,b=true,index=uniform" (the part after `id:` on the command line).
// Throws UserError naming the offending key or value.
ParamValues parse_param_list(const std::string& text,
                             const std::vector<ParamDescriptor>& descriptors,
                             const std::string& owner);

// Parses one value for one descriptor ("0.1", "true", "uniform", "1e-3").
double parse_param_value(const ParamDescriptor& descriptor, const std::string& text,
                         const std::string& owner);

// Checks every value is known, finite, in range, integral where required and allowed for the
// kind of target (data or analytic). Throws UserError with a one-line message.
void validate_params(const ParamValues& values, const std::vector<ParamDescriptor>& descriptors,
                     const std::string& owner, bool data_target);

// Defaults for every descriptor that applies to the target kind, overridden by `values`.
ParamValues with_defaults(const ParamValues& values,
                          const std::vector<ParamDescriptor>& descriptors, bool data_target);

// Formats a value for display and for files ("0.1", "true", "uniform").
std::string format_param_value(const ParamDescriptor& descriptor, double value);

// "a=1,b=true" in descriptor order (inverse of parse_param_list).
std::string format_param_list(const ParamValues& values,
                              const std::vector<ParamDescriptor>& descriptors);

}  // namespace sgl
