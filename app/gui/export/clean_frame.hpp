// Recordings and window exports without what only the person at the mouse needs: ImGui's hover
// tooltips, open menus and popups. The window draws the frame without them first, keeps those
// pixels for the recorders, then draws the overlays on top for the screen (the compositor redraws
// only their rectangles), so the File menu that stops a recording never appears in it.
#pragma once

#include <imgui.h>

#include <vector>

namespace sgl {

// The draw lists of this frame's tooltips, popups and menus, and the foreground list of pointer
// decorations such as a plot's hover ring (call after ImGui::Render()).
std::vector<const ImDrawList*> overlay_draw_lists();

// Text for the person at the screen only (the REC mark, an export's "exported …" line): laid out as
// an item of the current window (hover works) but drawn on the foreground list, so recordings and
// exports never show it.
void screen_only_text(ImU32 colour, const char* text);

// `data` without `overlays`; its list array lives in `storage`.
ImDrawData without_draw_lists(const ImDrawData& data,
                              const std::vector<const ImDrawList*>& overlays,
                              std::vector<ImDrawList*>& storage);

}  // namespace sgl
