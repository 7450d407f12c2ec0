#include <catch2/catch.hpp>

#include "core/run/draw_store.hpp"
#include "core/run/live_engine.hpp"

using sgl::DrawStore;
using sgl::kLiveDrawsPerChain;

TEST_CASE("an unbounded draw store keeps every due draw in order", "[draws]") {
  DrawStore store(2, 10, 3);
  for (std::uint64_t step = 1; step <= 40; ++step) {
    if (!store.due(step)) continue;
    const double theta[2] = {double(step), -double(step)}, r[2] = {0.5, 1.5};
    store.append(step, theta, r, 1.0, 2.0, step % 2 == 0, false);
  }
  // Due steps: 13, 16, ..., 40 → 10 draws.
  REQUIRE(store.size() == 10);
  CHECK(store.iteration(0) == 13);
  CHECK(store.iteration(9) == 40);
  CHECK(store.theta(9, 1) == -40.0);
  CHECK(store.momentum(3, 1) == 1.5);
  CHECK(store.accepted(9));
  CHECK(!store.accepted(0));
}

TEST_CASE("a bounded draw store is a ring buffer of the newest draws", "[draws]") {
  DrawStore store(1, 0, 1, 4);
  for (std::uint64_t step = 1; step <= 10; ++step) {
    const double theta = double(step), r = 0.0;
    store.append(step, &theta, &r, 0.0, 0.0, true, step == 9);
  }
  REQUIRE(store.size() == 4);
  CHECK(store.appended() == 10);
  for (std::size_t i = 0; i < 4; ++i) CHECK(store.theta(i, 0) == double(7 + i));
  CHECK(store.divergent(2));
  CHECK(store.coordinate(0) == std::vector<double>{7, 8, 9, 10});
  store.clear();
  CHECK(store.size() == 0);
  const double theta = 42.0, r = 0.0;
  store.append(1, &theta, &r, 0, 0, true, false);
  CHECK(store.theta(0, 0) == 42.0);
}

TEST_CASE("a bounded draw store grows as draws arrive and never past its capacity", "[draws]") {
  // A live chain's store: allocated as it fills (a short-lived chain costs little), wrapping
  // correctly after growing, and at the default capacity at most 10 MB on a 2-D target even
  // with two channel values per draw (the most any sampler records).
  DrawStore store(2, 0, 1, kLiveDrawsPerChain);
  const double theta[2] = {0.0, 0.0}, r[2] = {0.0, 0.0}, channels[2] = {1.0, 2.0};
  store.append(1, theta, r, 0.0, 0.0, true, false, channels, 2);
  CHECK(store.allocated_bytes() < 200'000);
  for (std::uint64_t step = 2; step <= kLiveDrawsPerChain + 5000; ++step) {
    const double position[2] = {double(step), -double(step)};
    store.append(step, position, r, 0.0, 0.0, true, false, channels, 2);
  }
  REQUIRE(store.size() == kLiveDrawsPerChain);
  CHECK(store.iteration(0) == 5001);
  CHECK(store.theta(kLiveDrawsPerChain - 1, 1) == -double(kLiveDrawsPerChain + 5000));
  CHECK(store.channel(17, 1) == 2.0);
  CHECK(store.allocated_bytes() <= 10'000'000);
  INFO("bytes per draw " << double(store.allocated_bytes()) / double(kLiveDrawsPerChain));
  CHECK(store.allocated_bytes() <= kLiveDrawsPerChain * (8 + 2 * 16 + 16 + 16 + 2));
}
