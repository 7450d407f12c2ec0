#include "app/gui/panels/notes_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include "app/gui/shell/ui_probe.hpp"

namespace sgl {
namespace {

// A small button in the current window's title bar, left of its close button. The title bar is
// outside the window's clip rectangle, so it is opened for the button (and the cursor put back:
// the content after it keeps its place).
bool title_bar_button(const char* label, const char* tooltip) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImRect bar = window->TitleBarRect();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 text = ImGui::CalcTextSize(label, nullptr, true);
  const float width = text.x + 2.0f * style.FramePadding.x;
  const float close_button = ImGui::GetFontSize() + 2.0f * style.FramePadding.x;
  const ImVec2 at(bar.Max.x - close_button - style.ItemInnerSpacing.x - width,
                  bar.Min.y + 0.5f * (bar.GetHeight() - ImGui::GetFontSize()));
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  ImGui::PushClipRect(bar.Min, bar.Max, false);
  ImGui::SetCursorScreenPos(at);
  const bool pressed = ImGui::SmallButton(label);
  ui_probe::record_last_item("notes/size");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  ImGui::PopClipRect();
  ImGui::SetCursorScreenPos(cursor);
  return pressed;
}

}  // namespace

void NotesPanel::draw(ViewContext& context) {
  scenario_.show_note(context.snapshot->target_spec);
  // Offered while the note is cut (it scrolls) or enlarged: a note that fits needs neither. Only
  // in the left column under the Controls, whose share it trades (a lesson may list the note
  // among its plots instead).
  const bool in_column = ImGui::GetWindowPos().x <= ImGui::GetMainViewport()->Pos.x + 1.0f;
  const bool enlarged = scenario_.note_enlarged();
  if (!in_column || (!enlarged && ImGui::GetScrollMaxY() <= 0.0f)) return;
  const char* label = enlarged ? "▼ less" : "▲ more";
  const char* tooltip = enlarged ? "Give the Controls their room back"
                                 : "Give the note more of this column (the Controls get less)";
  ui_probe::record_text("notes/size", label);
  if (title_bar_button(label, tooltip)) scenario_.set_note_enlarged(!enlarged);
}

}  // namespace sgl
