#include "core/plot/pixel_grid.hpp"

#include <cmath>
#include <cstddef>
#include <unordered_map>

namespace sgl {
namespace {

// The pixel a point falls in, as one key (pixel coordinates are far below 2³¹ after the plots
// clamp them to the area plus a margin).
std::int64_t pixel_key(PixelPoint p) {
  const auto column = static_cast<std::int64_t>(std::floor(p.x));
  const auto row = static_cast<std::int64_t>(std::floor(p.y));
  return (column << 32) ^ (row & 0xffffffffLL);
}

bool same_pixel(PixelPoint a, PixelPoint b) {
  return std::floor(a.x) == std::floor(b.x) && std::floor(a.y) == std::floor(b.y);
}

}  // namespace

void keep_column_extremes(std::vector<PixelPoint>& points) {
  if (points.size() < 8) return;
  std::size_t out = 0;
  std::size_t run_start = 0;
  auto emit_run = [&](std::size_t begin, std::size_t end) {  // [begin, end)
    if (end - begin <= 4) {
      for (std::size_t i = begin; i < end; ++i) points[out++] = points[i];
      return;
    }
    std::size_t lowest = begin, highest = begin;
    for (std::size_t i = begin; i < end; ++i) {
      if (points[i].y > points[lowest].y) lowest = i;  // pixel y grows downwards
      if (points[i].y < points[highest].y) highest = i;
    }
    const PixelPoint first = points[begin], last = points[end - 1];
    const PixelPoint low = points[lowest], high = points[highest];
    points[out++] = first;
    if (lowest < highest) {
      if (lowest != begin) points[out++] = low;
      if (highest != end - 1) points[out++] = high;
    } else {
      if (highest != begin) points[out++] = high;
      if (lowest != end - 1) points[out++] = low;
    }
    points[out++] = last;
  };
  for (std::size_t i = 1; i <= points.size(); ++i) {
    if (i == points.size() || std::floor(points[i].x) != std::floor(points[run_start].x)) {
      emit_run(run_start, i);
      run_start = i;
    }
  }
  points.resize(out);
}

void merge_points_within_pixels(std::vector<PixelPoint>& points) {
  if (points.size() < 3) return;
  std::size_t out = 0;
  std::size_t run_start = 0;
  for (std::size_t i = 1; i <= points.size(); ++i) {
    if (i < points.size() && same_pixel(points[i], points[run_start])) continue;
    points[out++] = points[run_start];                     // where the run entered the pixel
    if (i - 1 > run_start) points[out++] = points[i - 1];  // and where it left
    run_start = i;
  }
  points.resize(out);
}

std::vector<CloudPixel> merge_cloud_pixels(const std::vector<PixelPoint>& points) {
  std::vector<CloudPixel> pixels;
  std::unordered_map<std::int64_t, std::size_t> index;
  index.reserve(points.size());
  for (const PixelPoint& p : points) {
    const auto [it, added] = index.try_emplace(pixel_key(p), pixels.size());
    if (added) {
      pixels.push_back({{std::floor(p.x) + 0.5f, std::floor(p.y) + 0.5f}, 0});
    }
    ++pixels[it->second].count;
  }
  return pixels;
}

float stacked_opacity(float alpha, int layers) {
  if (layers <= 0) return 0.0f;
  return 1.0f - std::pow(1.0f - alpha, static_cast<float>(layers));
}

Rgba composite_over(const std::vector<Rgba>& layers_bottom_to_top) {
  // Premultiplied: each layer L over the accumulated A gives L·αL + A·(1 − αL).
  float r = 0.0f, g = 0.0f, b = 0.0f, a = 0.0f;
  for (const Rgba& layer : layers_bottom_to_top) {
    const float keep = 1.0f - layer.a;
    r = layer.r * layer.a + r * keep;
    g = layer.g * layer.a + g * keep;
    b = layer.b * layer.a + b * keep;
    a = layer.a + a * keep;
  }
  if (a <= 0.0f) return {};
  return {r / a, g / a, b / a, a};
}

}  // namespace sgl
