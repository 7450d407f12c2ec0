#include "app/scenario/preset_menu.hpp"

#include <algorithm>

#include "app/scenario/assets.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

constexpr const char* kChen = "Chen et al. 2014 — SGHMC";
constexpr const char* kEwsg = "EWSG — exponentially weighted stochastic gradients";
constexpr const char* kHmcEcs = "Dang et al. 2019 — HMC-ECS";
constexpr const char* kDais = "Jankowiak & Phan 2021 — DAIS";
constexpr const char* kTeaching = "Teaching";
constexpr const char* kBaselines = "Baselines — NUTS, cyclical SG-MCMC";
constexpr const char* kOther = "More presets";

std::size_t group_rank(const std::string& group) {
  const auto& order = preset_group_order();
  return static_cast<std::size_t>(std::find(order.begin(), order.end(), group) - order.begin());
}

}  // namespace

std::string preset_group(const std::string& name) {
  if (name.starts_with("chen-")) return kChen;
  if (name.starts_with("ewsg-")) return kEwsg;
  if (name.starts_with("hmcecs-")) return kHmcEcs;
  if (name.starts_with("dais-")) return kDais;
  if (name.starts_with("teach-") || name == "default") return kTeaching;
  if (name == "nuts-vs-hmc" || name == "cyclical-modes") return kBaselines;
  return kOther;
}

const std::vector<std::string>& preset_group_order() {
  static const std::vector<std::string> order = {kTeaching, kChen,      kEwsg, kHmcEcs,
                                                 kDais,     kBaselines, kOther};
  return order;
}

std::vector<PresetEntry> sorted_for_menu(std::vector<PresetEntry> entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const PresetEntry& a, const PresetEntry& b) {
    const std::size_t rank_a = group_rank(a.group), rank_b = group_rank(b.group);
    if (rank_a != rank_b) return rank_a < rank_b;
    if ((a.name == "default") != (b.name == "default")) return a.name == "default";
    return a.name < b.name;
  });
  return entries;
}

std::vector<PresetEntry> preset_menu_entries() {
  std::vector<PresetEntry> entries;
  for (const std::string& name : preset_names()) {
    PresetEntry entry{name, name, "", preset_group(name)};
    try {
      const Scenario scenario = load_scenario(name);
      if (!scenario.title.empty()) entry.title = scenario.title;
      entry.description = scenario.description;
    } catch (const UserError& error) {
      entry.description = error.what();  // choosing it shows the same message
    }
    entries.push_back(std::move(entry));
  }
  return sorted_for_menu(std::move(entries));
}

}  // namespace sgl
