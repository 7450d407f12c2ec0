// Fitting a line of text into the room it has, with the caller's text measure (pure, unit-tested):
// a slide's title and caption shrink, then wrap, and are never clipped; a long folder path keeps
// its start and its end (where the file name is) with "…" in the middle.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sgl {

// How wide `text` is at `size` pixels.
using SizedMeasure = std::function<float(std::string_view text, float size)>;

struct FittedText {
  float size = 0.0f;               // the text size chosen, in [min_size, size]
  std::vector<std::string> lines;  // at most max_lines, each no wider than max_width
};

// One line at the largest size in [min_size, size] (steps of 5 %) at which it fits; else lines
// broken at ASCII spaces at the largest such size giving at most `max_lines`; else `max_lines`
// lines at min_size, the last cut with "…" (never inside a number). Empty text: no lines.
FittedText fit_text_lines(const std::string& text, float max_width, float size, float min_size,
                          int max_lines, const SizedMeasure& measure);

// `text` if it fits in `max_width`, else its start and end around "…" (whole UTF-8 characters,
// the end keeping about 60 %: a path's file name), as long as fits; "…" alone if nothing does.
std::string elide_middle(const std::string& text, float max_width,
                         const std::function<float(std::string_view)>& measure);

}  // namespace sgl
