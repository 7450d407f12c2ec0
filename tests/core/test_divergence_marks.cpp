// DivergenceMarks: every divergence counted, and every stretch that diverged keeps a mark
// however many there are (the live view used to keep only the newest 256).
#include <cstdint>

#include <catch2/catch.hpp>

#include "core/diagnostics/divergence_marks.hpp"

namespace sgl {

TEST_CASE("divergence marks keep every step while there are few", "[diagnostics]") {
  DivergenceMarks marks(8);
  for (std::uint64_t step : {3u, 3u, 10u, 11u, 40u}) marks.add(step);
  CHECK(marks.count() == 4);  // the repeated step counts once
  CHECK(marks.bucket_width() == 1);
  CHECK(marks.steps() == std::vector<std::uint64_t>{3, 10, 11, 40});
  marks.clear();
  CHECK(marks.count() == 0);
  CHECK(marks.steps().empty());
}

TEST_CASE("divergence marks merge into buckets but mark every region", "[diagnostics]") {
  DivergenceMarks marks(64);
  // Two bursts far apart, the early one dense: the late, lone divergence must keep its mark.
  std::uint64_t added = 0;
  for (std::uint64_t step = 100; step < 100000; step += 7, ++added) marks.add(step);
  marks.add(5'000'000);
  ++added;
  CHECK(marks.count() == added);
  CHECK(marks.steps().size() <= 64);
  CHECK(marks.bucket_width() > 1);
  CHECK(marks.steps().front() == 100);
  CHECK(marks.steps().back() == 5'000'000);
  // No gap between consecutive marks inside the dense burst exceeds two buckets.
  for (std::size_t k = 1; k + 1 < marks.steps().size(); ++k)
    CHECK(marks.steps()[k] - marks.steps()[k - 1] <= 2 * marks.bucket_width());
}

}  // namespace sgl
