#include "app/scenario/headline.hpp"

#include <algorithm>
#include <cctype>

namespace sgl {
namespace {

struct KnownName {
  const char* id;
  const char* name;
};

// Targets whose id does not read as a name.
constexpr KnownName kKnownNames[] = {
    {"chen-doublewell", "Double well"}, {"harmonic", "Standard Gaussian"},
    {"gauss2d", "Correlated Gaussian"}, {"mixture", "Two-mode mixture"},
    {"funnel", "Neal's funnel"},        {"ewsg-gauss", "EWSG Gaussian"},
    {"linear", "Linear regression"},    {"logistic", "Logistic regression"},
};

// A typed expression longer than this is cut with "…" (the whole line is elided on screen too).
constexpr std::size_t kMaxExpressionChars = 40;

}  // namespace

std::string target_display_name(const TargetSpec& target) {
  if (target.id == "custom") {
    std::string expression = target.potential;
    if (expression.size() > kMaxExpressionChars) {
      expression.resize(kMaxExpressionChars);
      while (!expression.empty() && (static_cast<unsigned char>(expression.back()) & 0xC0) == 0x80)
        expression.pop_back();  // never cut inside a UTF-8 sequence
      expression += "…";
    }
    return expression.empty() ? std::string("Your potential") : "U = " + expression;
  }
  for (const KnownName& known : kKnownNames)
    if (target.id == known.id) return known.name;
  std::string name = target.id;
  std::replace(name.begin(), name.end(), '-', ' ');
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

std::string join_labels(const std::vector<std::string>& labels) {
  std::string out;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    if (k > 0) out += k + 1 == labels.size() ? " and " : ", ";
    out += labels[k];
  }
  return out;
}

std::string built_headline(const TargetSpec& target, const std::vector<std::string>& labels,
                           bool has_truth) {
  const std::string name = target_display_name(target);
  if (labels.empty()) return name + ": no chains";
  return name + ": " + join_labels(labels) + (has_truth ? " against the truth" : "");
}

std::string session_headline(const std::optional<Scenario>& preset, const TargetSpec& shown,
                             const std::vector<std::string>& labels, bool has_truth) {
  if (preset && !preset->title.empty() && preset->target.id == shown.id &&
      (shown.id != "custom" || preset->target.potential == shown.potential) &&
      preset->chains.size() == labels.size()) {
    bool same_chains = true;
    for (std::size_t k = 0; k < labels.size(); ++k)
      same_chains = same_chains && preset->chains[k].label == labels[k];
    if (same_chains) return preset->title;
  }
  return built_headline(shown, labels, has_truth);
}

}  // namespace sgl
