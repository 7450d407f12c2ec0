// Text contrast as WCAG 2 defines it: the ratio (L1 + 0.05) / (L2 + 0.05) of the relative
// luminances of the lighter and the darker colour. AA asks 4.5:1 for body text; a projector in a
// lit room washes out anything less (the grey captions did).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sgl {

constexpr double kMinTextContrast = 4.5;  // WCAG AA, normal text

// Colours packed as Dear ImGui's IM_COL32: 0xAABBGGRR.
struct Rgb8 {
  double r = 0, g = 0, b = 0;  // 0..255
};

inline Rgb8 unpack_rgb(std::uint32_t abgr) {
  return {double(abgr & 0xFFu), double((abgr >> 8) & 0xFFu), double((abgr >> 16) & 0xFFu)};
}

inline double alpha_of_packed(std::uint32_t abgr) {
  return double(abgr >> 24) / 255.0;
}

// `top` (with its alpha) painted over the opaque `bottom`.
inline std::uint32_t blend_over(std::uint32_t top, std::uint32_t bottom) {
  const double a = alpha_of_packed(top);
  const Rgb8 t = unpack_rgb(top), b = unpack_rgb(bottom);
  auto mix = [a](double x, double y) {
    return static_cast<std::uint32_t>(std::lround(x * a + y * (1.0 - a)));
  };
  return 0xFF000000u | (mix(t.b, b.b) << 16) | (mix(t.g, b.g) << 8) | mix(t.r, b.r);
}

inline double relative_luminance(std::uint32_t abgr) {
  auto linear = [](double channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  const Rgb8 c = unpack_rgb(abgr);
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

// Contrast of `text` (its alpha blended over the background) against the opaque `background`.
inline double contrast_ratio(std::uint32_t text, std::uint32_t background) {
  const double a = relative_luminance(blend_over(text, background));
  const double b = relative_luminance(background);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

// `colour` darkened (its hue kept) just enough to read as text on the light `background` at
// kMinTextContrast: chain colours such as sky blue (2.3:1 on white) and amber (1.9:1) became
// unreadable sentences on a projector. Colours that already read are returned as they are.
inline std::uint32_t readable_on(std::uint32_t colour, std::uint32_t background) {
  if (contrast_ratio(colour, background) >= kMinTextContrast) return colour;
  const Rgb8 c = unpack_rgb(blend_over(colour, background));
  std::uint32_t darker = colour;
  for (int step = 1; step <= 20; ++step) {
    const double keep = 1.0 - 0.05 * step;
    auto channel = [keep](double x) { return static_cast<std::uint32_t>(std::lround(x * keep)); };
    darker = 0xFF000000u | (channel(c.b) << 16) | (channel(c.g) << 8) | channel(c.r);
    if (contrast_ratio(darker, background) >= kMinTextContrast) break;
  }
  return darker;
}

}  // namespace sgl
