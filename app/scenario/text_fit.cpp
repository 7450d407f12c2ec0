#include "app/scenario/text_fit.hpp"

#include <algorithm>
#include <cmath>

#include "app/scenario/note_wrap.hpp"
#include "core/plot/label_elision.hpp"

namespace sgl {
namespace {

constexpr float kShrinkStep = 0.95f;

// The sizes tried, largest first: size, 0.95 size, …, and min_size last.
std::vector<float> sizes_between(float size, float min_size) {
  std::vector<float> sizes;
  for (float s = size; s > min_size; s *= kShrinkStep) sizes.push_back(s);
  sizes.push_back(std::min(size, min_size));
  return sizes;
}

// Byte offsets where each UTF-8 character starts, and text.size() at the end.
std::vector<std::size_t> character_starts(const std::string& text) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) starts.push_back(i);
  starts.push_back(text.size());
  return starts;
}

}  // namespace

FittedText fit_text_lines(const std::string& text, float max_width, float size, float min_size,
                          int max_lines, const SizedMeasure& measure) {
  if (text.empty() || max_lines < 1) return {size, {}};
  const std::vector<float> sizes = sizes_between(size, min_size);
  for (const float s : sizes)
    if (measure(text, s) <= max_width) return {s, {text}};
  for (const float s : sizes) {
    std::vector<std::string> lines =
        wrap_at_spaces(text, max_width, [&](std::string_view t) { return measure(t, s); });
    const bool fits = std::all_of(lines.begin(), lines.end(), [&](const std::string& line) {
      return measure(line, s) <= max_width;
    });
    if (fits && static_cast<int>(lines.size()) <= max_lines) return {s, std::move(lines)};
  }
  // Too long even wrapped at the smallest size: the last line says "…" where it is cut.
  const float s = sizes.back();
  const auto at_size = [&](const std::string& t) { return measure(t, s); };
  std::vector<std::string> lines =
      wrap_at_spaces(text, max_width, [&](std::string_view t) { return measure(t, s); });
  std::string rest;
  for (std::size_t k = static_cast<std::size_t>(max_lines) - 1; k < lines.size(); ++k)
    rest += (rest.empty() ? "" : " ") + lines[k];
  lines.resize(static_cast<std::size_t>(max_lines) - 1);
  for (std::string& line : lines)
    if (at_size(line) > max_width) line = elide_to_width(line, max_width, at_size);
  lines.push_back(elide_to_width(rest, max_width, at_size));
  return {s, std::move(lines)};
}

std::string elide_middle(const std::string& text, float max_width,
                         const std::function<float(std::string_view)>& measure) {
  if (measure(text) <= max_width) return text;
  const std::vector<std::size_t> starts = character_starts(text);
  const std::size_t characters = starts.size() - 1;
  for (std::size_t kept = characters; kept-- > 0;) {
    const std::size_t tail = static_cast<std::size_t>(std::lround(0.6 * static_cast<double>(kept)));
    const std::size_t head = kept - tail;
    std::string shortened =
        text.substr(0, starts[head]) + kEllipsis + text.substr(starts[characters - tail]);
    if (measure(shortened) <= max_width) return shortened;
  }
  return kEllipsis;
}

}  // namespace sgl
