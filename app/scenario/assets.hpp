// Where the scenario presets and teaching notes are: $SGMCMC_LAB_ASSETS, then assets/ next to
// the executable or one level up (a build directory inside the source tree), then
// <prefix>/share/sgmcmc-lab/assets for an installed binary, then the source tree's assets/
// compiled in by CMake (SGL_ASSET_DIR).
#pragma once

#include <string>
#include <vector>

#include "app/scenario/scenario.hpp"

namespace sgl {

// The directories searched, in order.
std::vector<std::string> asset_search_dirs();

// The first searched directory holding scenarios/; throws UserError listing the places tried.
std::string asset_dir();

// Preset names (assets/scenarios/*.json without the extension), sorted.
std::vector<std::string> preset_names();

// A preset by name, or a scenario/session file by path (anything with a '/' or ending in
// .json). Throws UserError with the reason (unknown preset: lists the known ones).
Scenario load_scenario(const std::string& name_or_path);

// The teaching note's markdown text, or "" when the scenario has none or the file is missing.
std::string load_note(const std::string& note_name);

// Writes text to path (atomically: a temporary file renamed into place); throws UserError.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace sgl
