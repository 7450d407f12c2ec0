#include "app/gui/panels/preset_menu_items.hpp"

#include <imgui.h>

#include <vector>

#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/preset_menu.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// A group's heading: dark slate, not ImGui's faded "disabled" grey, which a projector washes out.
const ImVec4 kHeadingColour(0.20f, 0.27f, 0.40f, 1.0f);

}  // namespace

std::optional<std::string> preset_menu_items(const std::optional<Scenario>& current) {
  static std::vector<PresetEntry> entries;
  static std::string load_error;
  static bool loaded = false;
  if (!loaded) {
    loaded = true;
    try {
      entries = preset_menu_entries();
    } catch (const UserError& error) {
      load_error = error.what();
    }
  }
  if (!load_error.empty()) ImGui::TextDisabled("%s", load_error.c_str());

  std::optional<std::string> chosen;
  const std::string* group = nullptr;
  for (const PresetEntry& entry : entries) {
    if (group == nullptr || *group != entry.group) {
      if (group != nullptr) ImGui::Separator();
      group = &entry.group;
      ImGui::PushStyleColor(ImGuiCol_Text, kHeadingColour);
      ImGui::TextUnformatted(entry.group.c_str());
      ImGui::PopStyleColor();
    }
    const bool open = current && current->name == entry.name && !current->session;
    ImGui::Indent();
    ImGui::PushID(entry.name.c_str());
    if (ImGui::MenuItem(entry.title.c_str(), nullptr, open)) chosen = entry.name;
    ImGui::PopID();
    ImGui::Unindent();
    ui_probe::record_last_item("presets/" + entry.name);  // for tests/gui/presets_menu_test.sh
    ui_probe::record_text("presets/" + entry.name, entry.group + " | " + entry.title);
    if (ImGui::IsItemHovered() && !entry.description.empty()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      ImGui::TextUnformatted(entry.description.c_str());
      ImGui::TextDisabled("preset %s", entry.name.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  return chosen;
}

}  // namespace sgl
