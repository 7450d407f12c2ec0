#include "core/samplers/svrg_ld.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

const DataTarget& require_data(const Target& target) {
  const DataTarget* data = target.as_data_target();
  if (data == nullptr)
    throw UserError(
        "svrg-ld needs a data target with per-datum terms (its snapshots take full-data "
        "gradients and its minibatches subtract ∇ℓ_k there): ewsg-gauss, linear, logistic or "
        "--data");
  return *data;
}

}  // namespace

SvrgLdSampler::SvrgLdSampler(const Target& target)
    : Sampler(target),
      data_(require_data(target)),
      snapshot_(target.dim()),
      snapshot_gradient_(target.dim()),
      grad_(target.dim()) {}

std::vector<ParamDescriptor> SvrgLdSampler::descriptors() {
  return {
      step_size_param(0.01,
                      "Step ε: drift −(ε/2)∇Ũ_svrg plus N(0, ε), as SGLD; stable for ε < 4/λ_max"),
      batch_size_param(),
  };
}

void SvrgLdSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  batch_size_ = std::max(1, static_cast<int>(params.at("batch_size")));
  indices_.resize(static_cast<std::size_t>(batch_size_));
  const std::int64_t n = data_.num_data();
  epoch_steps_ = std::max<std::int64_t>(1, (n + batch_size_ - 1) / batch_size_);
  // A step reads 2b data (θ and the snapshot), plus the full gradient once an epoch, about b
  // more: the record's O(n) exact U on every k-th draw only.
  space_exact_potential(double(n), 3.0 * batch_size_);
}

void SvrgLdSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  r_.setZero();
  take_snapshot();
  remember_good_state(target_.potential(theta_.data()));
}

void SvrgLdSampler::take_snapshot() {
  snapshot_ = theta_;
  target_.gradient(snapshot_.data(), snapshot_gradient_.data());
  counters_.gradient_evaluations += static_cast<std::uint64_t>(data_.num_data());
  steps_since_snapshot_ = 0;
}

void SvrgLdSampler::estimate_gradient(Rng& rng) {
  const std::int64_t n = data_.num_data();
  for (auto& index : indices_)
    index = static_cast<std::int64_t>(rng.uniform_index(static_cast<std::uint64_t>(n)));
  const double weight = static_cast<double>(n) / batch_size_;
  grad_ = snapshot_gradient_;
  data_.add_log_likelihood_gradient(indices_.data(), batch_size_, -weight, theta_.data(),
                                    grad_.data());
  data_.add_log_likelihood_gradient(indices_.data(), batch_size_, weight, snapshot_.data(),
                                    grad_.data());
  data_.add_log_prior_gradient(theta_.data(), -1.0, grad_.data());
  data_.add_log_prior_gradient(snapshot_.data(), 1.0, grad_.data());
  counters_.gradient_evaluations += 2 * static_cast<std::uint64_t>(batch_size_);
}

void SvrgLdSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const double noise_sd = std::sqrt(step_size_);
  for (std::uint64_t s = 0; s < steps; ++s) {
    if (steps_since_snapshot_ >= epoch_steps_) take_snapshot();
    ++steps_since_snapshot_;
    estimate_gradient(rng);
    for (int i = 0; i < dim; ++i)
      theta_[i] += -0.5 * step_size_ * grad_[i] + noise_sd * rng.normal();
    if (!finish_free_step(store)) break;
  }
}

std::string SvrgLdSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  cause << "step ε = " << step_size_ << " too large for the curvature: each step overshoots "
        << "the mode (stable needs ε < 4/λ_max); lower ε";
  return cause.str();
}

SamplerInfo SvrgLdSampler::info() {
  return {"svrg-ld",
          "SVRG-LD (variance-reduced SGLD)",
          "SVRG-LD",
          "Dubey, Reddi, Póczos, Smola, Xing & Williams 2016, Alg. 1",
          "every ⌈n/b⌉ steps θ̃ ← θ, g̃ = ∇U(θ̃); θ += −(ε/2)[g̃ + ∇Ũ(θ) − ∇Ũ(θ̃)] + N(0, ε)",
          SvrgLdSampler::descriptors(),
          sampler_factory<SvrgLdSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .stability = langevin_stability(),
           .regression_defaults = langevin_regression_defaults,
           .palette_slot = 3}};
}

}  // namespace sgl
