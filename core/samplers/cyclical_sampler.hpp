// What cSGLD and cSGHMC share (Zhang, Li, Zhang, Chen & Wilson 2020, "Cyclical Stochastic Gradient
// MCMC for Bayesian Deep Learning", Alg. 1 and eq. 1): the cosine step-size cycle and its two
// stages. With L = cycle_length steps per cycle, step k (1-based, counted from the reset) sits at
//   r_k = ((k − 1) mod L) / L ∈ [0, 1)   and has the step  s_k = (s₀/2)(cos(π r_k) + 1),
// s₀ the peak (the sampler's step parameter). While r_k < β (`exploration`) the step is the
// noise-free optimiser (exploration stage: large steps find a new mode); from r_k ≥ β on it is the
// sampler with its injected noise (sampling stage), and only those steps are kept.
//
// Non-kept draws: a step of the exploration stage records nothing, even when burn-in and thinning
// make it due, so draws.csv and every statistic hold sampling-stage draws only (draws.csv's `iter`
// shows the gaps) and a run keeps about (1 − β) of the draws it is asked for. The share of
// steps after burn-in in the sampling stage is the `kept` info channel (summary.json
// `kept_fraction`, a Metrics column), and each kept draw's step s_k is the `cycle_step` channel.
// Exploration steps still get the divergence rule (finiteness every step, the energy check at the
// steps that would have been recorded and at burn-in check points).
#pragma once

#include "core/samplers/sampler_channels.hpp"
#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class RegressionScale;

class CyclicalSampler : public StochasticGradientSampler {
 public:
  using StochasticGradientSampler::StochasticGradientSampler;

  // `cycle_length` L and `exploration` β, appended to each sampler's own descriptors.
  static std::vector<ParamDescriptor> cycle_descriptors();
  static std::vector<ChannelDescriptor> channels();
  // Regression defaults: the peak as sgld's ε (cSGLD) or sghmc-sgd's η (cSGHMC), and cycles of
  // 400 steps, so the sampling stage spans about 10 relaxation times 2/(ε_kλ_max) of the stiffest
  // direction at the default steps (with 100 a logistic regression's sds came out 18 % small:
  // the noise-free exploration contracts the chain and a short sampling stage cannot re-expand it).
  static void csgld_regression_defaults(RegressionScale& scale);
  static void csghmc_regression_defaults(RegressionScale& scale);

  struct Stage {
    double step = 0.0;  // s_k
    bool exploring = false;
  };
  // The step and stage of the 1-based step k with peak `peak`.
  Stage stage_at(std::uint64_t k, double peak) const;

 protected:
  void set_cycle_params(const ParamValues& params);
  // Ends a step: a sampling-stage step as finish_free_step (recording s_k with the draw); an
  // exploration step is counted and checked but never recorded. False when the chain stopped.
  bool finish_cyclical_step(DrawSink& store, const Stage& stage);

 private:
  std::uint64_t cycle_length_ = 100;
  double exploration_ = 0.5;
};

}  // namespace sgl
