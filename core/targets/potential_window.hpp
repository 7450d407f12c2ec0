// Where a typed potential's mass is: the window its truth grid covers. See custom_target.hpp.
#pragma once

#include <optional>
#include <vector>

#include "core/targets/expression/program.hpp"
#include "core/targets/target.hpp"

namespace sgl {

// Optional bounds of the truth window; unset sides are found from the potential.
struct WindowBounds {
  std::optional<double> lo[2];
  std::optional<double> hi[2];
};

struct PotentialWindow {
  std::vector<Interval> box;  // one interval per coordinate
  std::vector<double> mode;   // the lowest U found on the last scan
};

// Farthest a found window side may lie from the origin.
inline constexpr double kMaxPotentialWindow = 1e4;

// Throws UserError when the density is not normalisable on a window within ±kMaxPotentialWindow
// (mass at the edge, U → −∞) or is zero/undefined everywhere scanned.
PotentialWindow find_potential_window(const expr::Program& program, const WindowBounds& bounds);

}  // namespace sgl
