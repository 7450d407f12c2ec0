#include "core/run/sliced_run.hpp"

#include <algorithm>
#include <chrono>

namespace sgl {

bool SlicedRunner::run(Chain& chain, std::uint64_t steps, const std::function<bool()>& keep_going) {
  using Clock = std::chrono::steady_clock;
  constexpr std::uint64_t kLongestSlice = std::uint64_t{1} << 40;
  const std::uint64_t end = chain.counters().steps + steps;
  while (!chain.stopped() && chain.counters().steps < end) {
    if (!keep_going()) return false;
    const std::uint64_t now_steps = std::min(slice_, end - chain.counters().steps);
    const auto start = Clock::now();
    chain.run(now_steps);
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    if (took < slice_seconds_ / 2 && now_steps == slice_)
      slice_ = std::min(slice_ * 2, kLongestSlice);
    else if (took > slice_seconds_ * 2)
      slice_ = std::max<std::uint64_t>(slice_ / 2, 1);
  }
  return keep_going();
}

}  // namespace sgl
