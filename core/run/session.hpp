// A set of chains on one target, built from a RunSpec. The headless CLI runs a session to the
// end; the GUI's worker thread advances the same chains in slices.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/run/chain.hpp"
#include "core/run/run_spec.hpp"

namespace sgl {

class Session {
 public:
  // Builds the target and every chain; throws UserError for any invalid part of the spec.
  explicit Session(const RunSpec& spec);

  // Called between slices of a run with the steps done so far and the total over all chains;
  // returning false stops the run there (an interruption).
  using SliceCallback = std::function<bool(std::uint64_t done, std::uint64_t total)>;

  // Runs every chain for burnin + steps steps (plus any training), in slices of 0.02 to 0.08 s
  // so that `on_slice` can show progress and stop the run within 0.1 s. With jobs > 1 the chains
  // run on up to `jobs` threads at once (parallel_for.hpp) and on_slice is called on the calling
  // thread every 50 ms instead; neither slicing nor threads change the draws (each chain owns its
  // RNG stream and store). Returns false if on_slice stopped it.
  bool run_to_end(const SliceCallback& on_slice = {}, int jobs = 1);

  // Steps run_to_end() runs in all (every chain, training included).
  std::uint64_t total_steps() const;

  const RunSpec& spec() const { return spec_; }
  const Target& target() const { return *target_; }
  std::shared_ptr<const Target> target_ptr() const { return target_; }
  std::vector<std::unique_ptr<Chain>>& chains() { return chains_; }
  const std::vector<std::unique_ptr<Chain>>& chains() const { return chains_; }
  // Index into spec().chains of each chain.
  const std::vector<std::size_t>& chain_sampler_position() const { return chain_sampler_position_; }
  const std::vector<int>& chain_index_within_sampler() const { return chain_index_; }

 private:
  bool run_in_parallel(const SliceCallback& on_slice, int jobs, std::uint64_t total);

  RunSpec spec_;
  std::shared_ptr<const Target> target_;
  std::vector<std::unique_ptr<Chain>> chains_;
  std::vector<std::size_t> chain_sampler_position_;
  std::vector<int> chain_index_;
};

}  // namespace sgl
