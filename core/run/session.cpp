#include "core/run/session.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/io/input_limits.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/run/start_point.hpp"
#include "core/targets/data_target.hpp"
#include "core/targets/predictive_model.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"

namespace sgl {

Session::Session(const RunSpec& spec) : spec_(spec) {
  if (spec.chains.empty()) throw UserError("no sampler given (use --sampler ID[:key=value,...])");
  if (spec.chains_per_sampler < 1) throw UserError("chains must be at least 1");
  if (spec.steps < 1) throw UserError("steps must be at least 1");
  if (spec.thin < 1) throw UserError("thin must be at least 1");
  if (spec.steps > kMaxSteps || spec.burnin > kMaxSteps)
    throw UserError("steps and burn-in must each be at most 10^15 per chain, got " +
                    std::to_string(spec.steps) + " and " + std::to_string(spec.burnin));
  // Sizes first: a synthetic data set is checked before it is generated, every target before
  // the draw stores are reserved.
  int synthetic_dim = 1;
  const double synthetic_bytes = synthetic_data_bytes(spec.target, &synthetic_dim);
  if (synthetic_bytes > 0) check_run_memory(spec, synthetic_dim, synthetic_bytes);
  if (const int csv_dim = csv_regression_dim(spec.target); csv_dim > 0) {
    check_regression_size(csv_dim - 1, spec.target.data_csv);
    check_run_memory(spec, csv_dim, 0.0);
  }
  target_ = make_target(spec.target);
  const DataTarget* data = target_->as_data_target();
  // A regression holds n × (d + 1) numbers; a network its inputs, whatever its dimension.
  const PredictiveModel* model = predictive_model(*target_);
  const double data_bytes =
      model ? 8.0 * double(model->inputs().size() + model->responses().size())
            : (data ? double(data->num_data()) * double(target_->dim() + 1) * 8.0 : 0.0);
  check_run_memory(spec, target_->dim(), data_bytes);

  const StartChoice start_choice{spec.init, spec.init_at_map};
  const Vec init = common_start(*target_, start_choice, "--init");
  for (std::size_t position = 0; position < spec.chains.size(); ++position) {
    const Vec start = sampler_start(*target_, start_choice, init, spec.chains[position].sampler_id);
    for (int chain = 0; chain < spec.chains_per_sampler; ++chain) {
      chains_.push_back(std::make_unique<Chain>(
          target_, spec.chains[position].sampler_id, spec.chains[position].params,
          chain_seed(spec.seed, position, chain), start, spec.burnin, spec.thin));
      chains_.back()->reserve_draws(static_cast<std::size_t>(spec.steps / spec.thin + 1));
      chain_sampler_position_.push_back(position);
      chain_index_.push_back(chain);
    }
  }
}

std::uint64_t Session::total_steps() const {
  std::uint64_t total = 0;
  for (const auto& chain : chains_)
    total += chain->sampler().training_steps() + spec_.burnin + spec_.steps;
  return total;
}

namespace {

using Clock = std::chrono::steady_clock;
// Slices of 0.02 to 0.08 s: a cancel (the GUI's comparison run, a closing window) is seen
// within 100 ms.
constexpr double kSliceSeconds = 0.04;

// The slice length adapts until a slice takes about kSliceSeconds; never changes the draws.
std::uint64_t next_slice(std::uint64_t slice, double seconds) {
  if (seconds < kSliceSeconds / 2 && slice < (std::uint64_t{1} << 40)) return slice * 2;
  if (seconds > kSliceSeconds * 2 && slice > 1) return slice / 2;
  return slice;
}

std::uint64_t chain_length(const Chain& chain, const RunSpec& spec) {
  // Variational samplers train first: their optimisation steps come on top of the total.
  return chain.sampler().training_steps() + spec.burnin + spec.steps;
}

}  // namespace

bool Session::run_to_end(const SliceCallback& on_slice, int jobs) {
  const std::uint64_t total = total_steps();
  if (jobs > 1 && chains_.size() > 1) return run_in_parallel(on_slice, jobs, total);
  std::uint64_t done_before = 0;  // steps of the chains already finished
  std::uint64_t slice = 16;
  for (auto& chain : chains_) {
    const std::uint64_t length = chain_length(*chain, spec_);
    while (!chain->stopped() && chain->counters().steps < length) {
      const std::uint64_t steps = std::min(slice, length - chain->counters().steps);
      const auto start = Clock::now();
      chain->run(steps);
      slice = next_slice(slice, std::chrono::duration<double>(Clock::now() - start).count());
      if (on_slice && !on_slice(done_before + chain->counters().steps, total)) return false;
    }
    done_before += length;
  }
  if (on_slice) on_slice(total, total);
  return true;
}

bool Session::run_in_parallel(const SliceCallback& on_slice, int jobs, std::uint64_t total) {
  std::atomic<std::uint64_t> done{0};  // steps run (or skipped by a stopped chain) so far
  std::atomic<bool> stop{false};
  std::mutex finished_mutex;
  std::condition_variable finished_signal;
  bool finished = false;
  std::exception_ptr error;
  // The chains run on their own threads; this thread reports progress and relays a stop.
  std::thread workers([&] {
    try {
      parallel_for(chains_.size(), jobs, [&](std::size_t index) {
        Chain& chain = *chains_[index];
        const std::uint64_t length = chain_length(chain, spec_);
        std::uint64_t slice = 16;
        while (!chain.stopped() && chain.counters().steps < length && !stop.load()) {
          const std::uint64_t before = chain.counters().steps;
          const auto start = Clock::now();
          chain.run(std::min(slice, length - before));
          slice = next_slice(slice, std::chrono::duration<double>(Clock::now() - start).count());
          done.fetch_add(chain.counters().steps - before);
        }
        if (!stop.load()) done.fetch_add(length - std::min(length, chain.counters().steps));
      });
    } catch (...) {
      error = std::current_exception();
    }
    const std::lock_guard<std::mutex> lock(finished_mutex);
    finished = true;
    finished_signal.notify_all();
  });
  {
    std::unique_lock<std::mutex> lock(finished_mutex);
    while (
        !finished_signal.wait_for(lock, std::chrono::milliseconds(50), [&] { return finished; })) {
      lock.unlock();
      if (on_slice && !stop.load() && !on_slice(done.load(), total)) stop.store(true);
      lock.lock();
    }
  }
  workers.join();
  if (error) std::rethrow_exception(error);
  if (stop.load()) return false;
  if (on_slice) on_slice(total, total);
  return true;
}

}  // namespace sgl
