// Shortening a label to a width with a visible "…", never so that a wrong number shows: the cut
// never falls inside a number ("noisy, resample r every 50" becomes "noisy, resample r every …",
// never "…every 5"). A clipped label used to lose its last characters silently. Pure, with the
// caller's text measure, unit-tested.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sgl {

constexpr const char* kEllipsis = "…";

// `text` if it fits in `max_width` (as measured), else its longest prefix that fits with "…"
// appended, cut at a UTF-8 character boundary and never inside a number (digits, with a decimal
// point or exponent between digits); "…" alone if nothing fits.
inline std::string elide_to_width(const std::string& text, float max_width,
                                  const std::function<float(const std::string&)>& measure) {
  if (measure(text) <= max_width) return text;
  // Cut points inside a number (digits, a decimal point between digits, an exponent "e-3").
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::vector<bool> inside(text.size() + 1, false);
  for (std::size_t i = 0; i < text.size();) {
    if (!is_digit(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && is_digit(text[j])) ++j;
    if (j + 1 < text.size() && text[j] == '.' && is_digit(text[j + 1]))
      for (++j; j < text.size() && is_digit(text[j]);) ++j;
    if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
      std::size_t k = j + 1;
      if (k < text.size() && (text[k] == '-' || text[k] == '+')) ++k;
      if (k < text.size() && is_digit(text[k]))
        for (j = k; j < text.size() && is_digit(text[j]);) ++j;
    }
    for (std::size_t cut = i + 1; cut < j; ++cut) inside[cut] = true;
    i = j;
  }
  auto inside_number = [&](std::size_t cut) { return inside[cut]; };
  for (std::size_t end = text.size(); end > 0; --end) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0u) == 0x80u) continue;  // mid-character
    if (inside_number(end)) continue;
    std::string shortened = text.substr(0, end);
    while (!shortened.empty() && shortened.back() == ' ') shortened.pop_back();
    shortened += kEllipsis;
    if (measure(shortened) <= max_width) return shortened;
  }
  return kEllipsis;
}

}  // namespace sgl
