#include "app/gui/panels/colour_map_menu.hpp"

#include <imgui.h>

#include <initializer_list>

namespace sgl {

bool colour_map_choice(ColourMap& map) {
  bool changed = false;
  for (const ColourMap choice : {ColourMap::LightSlate, ColourMap::Viridis}) {
    if (ImGui::RadioButton(colour_map_name(choice), map == choice)) {
      changed = changed || map != choice;
      map = choice;
    }
    if (choice == ColourMap::LightSlate) ImGui::SameLine();
  }
  return changed;
}

}  // namespace sgl
