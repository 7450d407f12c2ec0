// The Presets menu's entries: each preset's title, one-line description and group (the paper it
// reproduces, or teaching), in menu order. Pure data, no GUI: the menu draws them.
#pragma once

#include <string>
#include <vector>

namespace sgl {

struct PresetEntry {
  std::string name;         // the preset's id (assets/scenarios/<name>.json)
  std::string title;        // what the menu shows (the id when the file has no title)
  std::string description;  // the tooltip; a preset that does not load says why here
  std::string group;        // preset_group(name)
};

// The group a preset belongs to, from its id's prefix: "chen-" → Chen et al. 2014 (SGHMC),
// "ewsg-", "hmcecs-", "dais-", "teach-" (and "default") → teaching; others → "More presets".
std::string preset_group(const std::string& name);

// The groups in menu order: the papers in the order of the README, then teaching, then others.
const std::vector<std::string>& preset_group_order();

// `entries` sorted by group (preset_group_order), then "default" first, then by name.
std::vector<PresetEntry> sorted_for_menu(std::vector<PresetEntry> entries);

// Every preset found by preset_names(), loaded once for its title and description, in menu order.
std::vector<PresetEntry> preset_menu_entries();

}  // namespace sgl
