// The headline: one line across the top of the window, under the menu bar, saying what is on
// screen ("Double well: HMC, naive SGHMC, SGHMC and SGLD against the truth"), in a large bold
// font (lecture layout and focus mode; the dashboard puts it in the menu bar). Too long for the
// window, it is cut at a word with "…" and the whole line is a tooltip.
#pragma once

#include <imgui.h>

#include <string>

namespace sgl {

// The bar's height for the current fonts.
float headline_bar_height();

// `text` elided to fit `width` pixels in `font` (at its own size): whole words, then "…".
std::string elide_to_width(const std::string& text, const ImFont* font, float width);

// Draws the bar as a window of its own at `position` × `size`. Records "rect headline" and
// "text headline <the whole line>" (and "text headline/shown" when it had to be cut).
void show_headline_bar(const std::string& text, ImVec2 position, ImVec2 size);

// The same line inside the main menu bar, after its menus, in the interface font (the dashboard:
// its seven tiles need the height a bar would take). Records the same probe entries.
void show_headline_in_menu_bar(const std::string& text);

}  // namespace sgl
