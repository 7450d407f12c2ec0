#include "app/gui/export/clean_frame.hpp"

#include <imgui_internal.h>

#include <algorithm>

namespace sgl {

std::vector<const ImDrawList*> overlay_draw_lists() {
  std::vector<const ImDrawList*> lists;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  constexpr ImGuiWindowFlags kOverlay =
      ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup | ImGuiWindowFlags_ChildMenu;
  for (const ImGuiWindow* window : g.Windows) {
    if (!window->Active || window->Hidden) continue;
    const ImGuiWindow* root = window->RootWindow != nullptr ? window->RootWindow : window;
    if ((window->Flags & kOverlay) != 0 || (root->Flags & kOverlay) != 0)
      lists.push_back(window->DrawList);
  }
  // Pointer decorations (a plot's hover ring) are drawn on the foreground list.
  const ImDrawList* foreground = ImGui::GetForegroundDrawList();
  if (!foreground->CmdBuffer.empty() && foreground->VtxBuffer.Size > 0) lists.push_back(foreground);
  return lists;
}

void screen_only_text(ImU32 colour, const char* text) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::CalcTextSize(text);
  ImGui::Dummy(size);
  ImGui::GetForegroundDrawList()->AddText(at, colour, text);
}

ImDrawData without_draw_lists(const ImDrawData& data,
                              const std::vector<const ImDrawList*>& overlays,
                              std::vector<ImDrawList*>& storage) {
  storage.clear();
  ImDrawData kept = data;
  kept.TotalVtxCount = kept.TotalIdxCount = 0;
  for (int k = 0; k < data.CmdListsCount; ++k) {
    ImDrawList* list = data.CmdLists[k];
    if (std::find(overlays.begin(), overlays.end(), list) != overlays.end()) continue;
    storage.push_back(list);
    kept.TotalVtxCount += list->VtxBuffer.Size;
    kept.TotalIdxCount += list->IdxBuffer.Size;
  }
  kept.CmdLists = storage.data();
  kept.CmdListsCount = static_cast<int>(storage.size());
  return kept;
}

}  // namespace sgl
