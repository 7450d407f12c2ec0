// Issue 24 (newcomer findings): the "Why friction matters" phase plot was scaled to the
// frictionless orbit, so the chains with friction were dots. The frame grows with the orbits only
// up to a limit; an orbit beyond it is named, not fitted.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/plot/phase_frame.hpp"

using namespace sgl;

namespace {

// The default frame of the double well: θ in its view box, |r| up to √(2·12).
const Interval kTheta{-2.5, 2.5};
const double kR = std::sqrt(24.0);

double height(const Interval& i) {
  return i.hi - i.lo;
}

}  // namespace

TEST_CASE("Phase space frame: a runaway orbit does not shrink the friction chains to dots",
          "[phase_frame]") {
  // Teach-friction after a while: SGHMC chains (friction) inside the wells, |r| <= 3; naive SGHMC
  // (no friction) has gained energy H − min U ≈ 200: |r| up to 20, θ out to ±4.
  const std::vector<OrbitExtent> orbits = {
      {{-4.1, 4.2}, {-20.0, 20.0}},  // no friction
      {{-1.6, 1.5}, {-2.6, 2.4}},    // C = B̂
      {{-1.4, 1.6}, {-3.0, 2.8}},    // C = 1
      {{-1.5, 1.3}, {-2.2, 2.5}},    // C = 1, B̂ = 0
  };
  // Growing without a limit (as the panel did) fits the runaway: the others are dots.
  const PhaseFrame unbounded = frame_phase_space(kTheta, {-kR, kR}, orbits, 0.5, 1000);
  CHECK(6.0 / height(unbounded.r) < 0.15);
  const PhaseFrame frame = frame_phase_space(kTheta, {-kR, kR}, orbits, 0.5, 2);
  // The friction chains' orbits span at least a quarter of the frame's height (fitting every
  // orbit made it 6.0 of 40: 15%, a dot on a small tile).
  CHECK(6.0 / height(frame.r) >= 0.25);
  REQUIRE(frame.outside.size() == 4);
  CHECK(frame.outside[0]);
  CHECK(!frame.outside[1]);
  CHECK(!frame.outside[2]);
  CHECK(!frame.outside[3]);
  // Every orbit that stays is inside the frame.
  for (std::size_t k = 1; k < orbits.size(); ++k) {
    CHECK(orbits[k].r.lo >= frame.r.lo);
    CHECK(orbits[k].r.hi <= frame.r.hi);
    CHECK(orbits[k].theta.lo >= frame.theta.lo);
    CHECK(orbits[k].theta.hi <= frame.theta.hi);
  }
}

TEST_CASE("Phase space frame: it grows in steps to hold orbits within its limit", "[phase_frame]") {
  // All inside the default box: the default frame.
  PhaseFrame frame = frame_phase_space(kTheta, {-kR, kR}, {{{-1.0, 1.0}, {-2.0, 2.0}}}, 0.5, 2);
  CHECK(frame.theta.lo == -2.5);
  CHECK(frame.r.hi == Approx(kR));
  // An orbit a little beyond: one step of half the half-width on that side.
  frame = frame_phase_space(kTheta, {-kR, kR}, {{{-1.0, 1.0}, {-2.0, kR + 0.5}}}, 0.5, 2);
  CHECK(frame.r.hi == Approx(1.5 * kR));
  CHECK(frame.r.lo == Approx(-kR));
  CHECK(!frame.outside[0]);
  // An empty orbit (a chain with no draws, or left out of the fit) changes nothing.
  frame = frame_phase_space(kTheta, {-kR, kR}, {OrbitExtent{}}, 0.5, 2);
  CHECK(frame.r.hi == Approx(kR));
  CHECK(!frame.outside[0]);
}
