// The Gradient noise panel's state: which chain it inspects, the θ and settings it froze, and the
// measurement (core/diagnostics/gradient_noise.hpp) computed off the UI thread. The panel never
// asks the engine: θ, the sampler's parameters and the target come from the snapshot, and the
// measurement holds its own reference to the (immutable) target, so the chains keep running.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/diagnostics/gradient_noise.hpp"
#include "core/run/engine_snapshot.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

// What the inspected sampler does with gradient noise, read from its parameters: Chen et al.'s
// SGHMC subtracts B̂ from the injected noise and damps with friction C; B = ½εV is the true
// diffusion the gradient noise V adds (docs/algorithms.md#gradient-noise).
struct FrozenChain {
  int chain_id = -1;
  std::string label;
  std::string sampler_id;
  Vec theta;
  std::uint64_t step = 0;
  double step_size = 0;                  // ε (0: the sampler has none)
  std::optional<double> friction;        // C
  std::optional<double> noise_estimate;  // B̂
  bool uses_control_variate = false;     // sgld-cv, sghmc-cv
  bool second_order = false;             // control_variate = taylor2
  bool ewsg = false;                     // weights its blocks by the frozen momentum r
  // The target measured on: a switch of target makes the result stale (held, so the identity
  // stays unique while the result lives).
  std::shared_ptr<const Target> target;
  std::string target_id;  // its registry id, for the status file
};

struct InspectorResult {
  FrozenChain chain;
  GradientNoiseReport report;
  std::string error;  // a refused measurement, in one line
  // The covariance of the gradient the sampler actually uses (plain, first- or second-order CV).
  const GradientCloud& used_cloud() const;
};

class GradientNoiseInspector {
 public:
  // Chains that draw stochastic gradients (a batch_size or noise_var parameter).
  static bool inspectable(const ChainSnapshot& chain);

  // Freezes the chain's newest θ and settings and starts measuring in the background. A
  // measurement still running is left to finish and then dropped.
  void freeze(const EngineSnapshot& snapshot, const ChainSnapshot& chain, int samples);
  // Picks up a finished measurement; call once a frame.
  void poll();
  // Called on the measuring thread when a measurement is done (wakes the event loop).
  void set_finish_hook(std::function<void()> hook) { on_finish_ = std::move(hook); }

  bool busy() const { return job_.running() || pending_ != nullptr; }
  bool measuring() const { return job_.running(); }
  const InspectorResult* result() const { return result_ ? result_.get() : nullptr; }
  // Whether the result was measured on another target or another sampler than the snapshot's
  // (the panel then measures again rather than show the old cloud).
  bool stale(const EngineSnapshot& snapshot, const ChainSnapshot& chain) const;
  void forget_result() { result_.reset(); }
  int selected_chain = -1;  // chain id chosen in the panel (−1: the first inspectable)

 private:
  std::shared_ptr<InspectorResult> pending_;  // the running job's result, filled on its thread
  std::shared_ptr<const InspectorResult> result_;
  std::function<void()> on_finish_;
  BackgroundJob job_;  // last: joined before the rest goes
};

}  // namespace sgl
