// The interface font, shared by the window and by headless SVG export (whose text is measured
// with the very same glyph metrics, so exported layouts match the screen).
#pragma once

struct ImFontAtlas;
struct ImFont;

namespace sgl {

// 20 px DejaVu Sans reads from the back of a lecture hall at 1600×1000 on a projector.
constexpr float kUiFontPixels = 20.0f;

// Adds DejaVu Sans at `pixels` with the glyph ranges the labels need (Greek, math operators,
// arrows, sub/superscripts) to `atlas`. Without the font file (fonts-dejavu-core), adds ImGui's
// built-in font and returns the io.FontGlobalScale that makes it `pixels` tall; otherwise 1.
float add_ui_font(ImFontAtlas& atlas, float pixels);
// Whether the interface font is loaded with a glyph for `codepoint` (else ImGui draws "?").
bool ui_font_covers(unsigned codepoint);

// The headline's font (the line above the plots): DejaVu Sans Bold at kHeadlineFontScale × the
// interface font's `pixels`, added after the interface font (which stays the default); null
// without the font file. headline_font() returns the last one added (null: use the default).
constexpr float kHeadlineFontScale = 1.3f;
ImFont* add_headline_font(ImFontAtlas& atlas, float pixels);
ImFont* headline_font();

}  // namespace sgl
