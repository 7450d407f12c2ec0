// The one line above the plots that says what is on screen ("Double well: HMC, naive SGHMC,
// SGHMC and SGLD against the truth"): the preset's title while the preset's target and chains
// are shown, else built from the target and the chains' labels. Pure text, no GUI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/scenario/scenario.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {

// A short name for the target ("Double well", "Banana", "U = x^4 - 2*x^2" for a typed one).
std::string target_display_name(const TargetSpec& target);

// "A", "A and B", "A, B and C".
std::string join_labels(const std::vector<std::string>& labels);

// "<target>: <labels> against the truth" (without the tail when the target has no truth to
// compare with; "<target>: no chains" without chains).
std::string built_headline(const TargetSpec& target, const std::vector<std::string>& labels,
                           bool has_truth);

// The preset's title while the shown target has the preset's kind (and, for a typed target, its
// expression) and the chains are the preset's, by label and in order; otherwise built_headline.
std::string session_headline(const std::optional<Scenario>& preset, const TargetSpec& shown,
                             const std::vector<std::string>& labels, bool has_truth);

}  // namespace sgl
