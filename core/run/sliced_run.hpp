// Runs a chain in slices timed to a few hundredths of a second, asking between slices whether to
// go on: how batch work (sweeps, ensembles) stays cancellable within 100 ms however many steps
// it was given (10^15 is a valid ensemble). Slicing never changes the draws: Chain::run(a) then
// run(b) equals run(a + b). Only a single step slower than that (HMC with 1000 leapfrog steps on
// a large data set) delays a cancel, by its own length.
#pragma once

#include <cstdint>
#include <functional>

#include "core/run/chain.hpp"

namespace sgl {

class SlicedRunner {
 public:
  // Slices aim at `slice_seconds` and never take much more than twice that.
  explicit SlicedRunner(double slice_seconds = 0.02) : slice_seconds_(slice_seconds) {}

  // Runs `steps` steps of `chain` (fewer if it stops); false as soon as `keep_going` says no.
  // The slice length learnt here carries over to the next call (the next checkpoint or chain).
  bool run(Chain& chain, std::uint64_t steps, const std::function<bool()>& keep_going);

 private:
  double slice_seconds_;
  std::uint64_t slice_ = 1;
};

}  // namespace sgl
