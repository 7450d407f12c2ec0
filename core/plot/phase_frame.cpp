#include "core/plot/phase_frame.hpp"

#include <algorithm>
#include <cmath>

namespace sgl {
namespace {

bool is_empty(const Interval& interval) {
  return !(interval.lo <= interval.hi);
}

bool within(const Interval& inner, const Interval& outer) {
  return is_empty(inner) || (inner.lo >= outer.lo && inner.hi <= outer.hi);
}

Interval joined(const Interval& a, const Interval& b) {
  if (is_empty(a)) return b;
  if (is_empty(b)) return a;
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

}  // namespace

Interval grown_interval(const Interval& base, const Interval& needed, double step_fraction,
                        int max_steps) {
  const double step = step_fraction * 0.5 * (base.hi - base.lo);
  if (!(step > 0.0) || is_empty(needed)) return base;
  Interval out = base;
  const auto steps = [&](double distance) {
    return std::min(static_cast<double>(max_steps), std::ceil(distance / step));
  };
  if (std::isfinite(needed.lo) && needed.lo < base.lo)
    out.lo = base.lo - step * steps(base.lo - needed.lo);
  if (std::isfinite(needed.hi) && needed.hi > base.hi)
    out.hi = base.hi + step * steps(needed.hi - base.hi);
  return out;
}

PhaseFrame frame_phase_space(const Interval& theta_base, const Interval& r_base,
                             const std::vector<OrbitExtent>& orbits, double step_fraction,
                             int max_steps) {
  const auto largest = [&](const Interval& base) {
    const double reach = max_steps * step_fraction * 0.5 * (base.hi - base.lo);
    return Interval{base.lo - reach, base.hi + reach};
  };
  const Interval theta_cap = largest(theta_base), r_cap = largest(r_base);
  PhaseFrame frame;
  Interval theta_need{1.0, -1.0}, r_need{1.0, -1.0};
  for (const OrbitExtent& orbit : orbits) {
    const bool inside = within(orbit.theta, theta_cap) && within(orbit.r, r_cap);
    frame.outside.push_back(!inside);
    if (!inside) continue;
    theta_need = joined(theta_need, orbit.theta);
    r_need = joined(r_need, orbit.r);
  }
  // An orbit that ran off keeps the largest frame: the frame grew with it up to there, and
  // snapping back to the wells as it leaves would jolt every other orbit's picture.
  const bool any_outside =
      std::find(frame.outside.begin(), frame.outside.end(), true) != frame.outside.end();
  frame.theta =
      any_outside ? theta_cap : grown_interval(theta_base, theta_need, step_fraction, max_steps);
  frame.r = any_outside ? r_cap : grown_interval(r_base, r_need, step_fraction, max_steps);
  return frame;
}

}  // namespace sgl
