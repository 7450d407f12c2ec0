#include <catch2/catch.hpp>

#include "core/run/draw_store.hpp"

using sgl::DrawStore;

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
