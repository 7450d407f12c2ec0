#include "core/samplers/psgld.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"

namespace sgl {

std::vector<ParamDescriptor> PsgldSampler::descriptors() {
  return {
      step_size_param(0.01,
                      "Step ε before preconditioning: drift −(ε/2)G∇Ũ plus N(0, εG); each "
                      "coordinate's step εG_i must stay below 4/λ_i (its curvature), and G is "
                      "about 1/|∇Ũ_i|"),
      noise_var_param(),
      batch_size_param(),
  };
}

std::vector<ChannelDescriptor> PsgldSampler::channels() {
  return {{.id = "preconditioner",
           .label = "Ḡ",
           .description = "the RMSprop preconditioner G = 1/(λ + √V), geometric mean over the "
                          "coordinates: ε·Ḡ is the SGLD step the chain effectively takes",
           .kind = ChannelKind::PerDraw,
           .summary_key = "preconditioner_mean",
           .csv_column = "preconditioner",
           .csv_absent = 0.0,
           .traced = true,
           .log_scale = true,
           .metric_column = true}};
}

void PsgldSampler::regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  const double variance = scale.per_datum_gradient_variance();
  const DataTarget* data = scale.target().as_data_target();
  if (!(s > 0.0) || !(variance > 0.0) || data == nullptr) return;
  // Minibatch gradient variance per coordinate n² tr Cov(∇ℓ_k) / (b d); G ≈ 1/its square root.
  const double n = static_cast<double>(data->num_data());
  const double b = scale.given_or("batch_size", 32.0);
  const double d = static_cast<double>(scale.target().dim());
  const double preconditioner = std::sqrt(b * d / (n * n * variance));
  scale.set("step_size", 0.1 * s * s / preconditioner);
}

void PsgldSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");  // V is kept: a change mid-run keeps the preconditioner
  set_gradient_params(params);
}

void PsgldSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  r_.setZero();
  second_moment_.setZero();
  primed_ = false;
  mean_preconditioner_ = 1.0;
  remember_good_state(target_.potential(theta_.data()));
}

void PsgldSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* grad = grad_.data();
  double* v = second_moment_.data();
  for (std::uint64_t s = 0; s < steps; ++s) {
    estimate_gradient(theta, grad, rng);
    const double keep = primed_ ? kDecay : 0.0;
    // The first gradient primes V. A coordinate whose first gradient is near 0 (a logistic
    // intercept at β = 0 on balanced data) would get G ≈ 1/λ = 10⁵ and a first step of noise
    // √(εG) that throws the chain out of the posterior; its V starts at the coordinates' mean
    // g² instead, and the running average takes over from there.
    const double prime_floor = primed_ ? 0.0 : grad_.squaredNorm() / double(dim);
    primed_ = true;
    double log_preconditioner_sum = 0.0;
    for (int i = 0; i < dim; ++i) {
      v[i] = std::max(keep * v[i] + (1.0 - keep) * grad[i] * grad[i], prime_floor);
      const double preconditioner = 1.0 / (kRegulariser + std::sqrt(v[i]));
      log_preconditioner_sum += std::log(preconditioner);
      theta[i] += -0.5 * step_size_ * preconditioner * grad[i] +
                  std::sqrt(step_size_ * preconditioner) * rng.normal();
    }
    mean_preconditioner_ = std::exp(log_preconditioner_sum / double(dim));
    channel_tally(0).add(mean_preconditioner_);
    if (!finish_free_step(store, &mean_preconditioner_, 1)) break;
  }
  sync_gradient_count();
}

std::string PsgldSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  cause << "the preconditioned step εḠ = " << step_size_ * mean_preconditioner_
        << " is too large for the curvature (stable needs εG_i < 4/λ_i in every coordinate): "
           "lower ε";
  return cause.str();
}

SamplerInfo PsgldSampler::info() {
  return {"psgld",
          "pSGLD (RMSprop preconditioner)",
          "pSGLD",
          "Li, Chen, Carlson & Carin 2016, Alg. 1 (Γ dropped)",
          "V ← αV + (1−α)∇Ũ⊙∇Ũ; G = 1/(λ+√V); θ += −(ε/2)G∇Ũ(θ) + N(0, εG); α = 0.99, λ = 1e-5",
          PsgldSampler::descriptors(),
          sampler_factory<PsgldSampler>(),
          {.output_kind = OutputKind::Biased,
           .channels = PsgldSampler::channels(),
           .regression_defaults = PsgldSampler::regression_defaults,
           .bias_warning = PsgldSampler::kBiasWarning,
           .palette_slot = 4}};
}

}  // namespace sgl
