#include "core/samplers/hmcecs.hpp"

#include <algorithm>
#include <cmath>

#include "core/samplers/common_params.hpp"
#include "core/samplers/ecs_setup.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Laplace draws and data points used by batch_size=auto to estimate the variance of d_k.
constexpr int kAutoDraws = 8;
constexpr std::int64_t kAutoPoints = 4096;

}  // namespace

HmcEcsSampler::HmcEcsSampler(const Target& target)
    : Sampler(target),
      data_(require_ecs_data_target(target, "hmcecs")),
      grad_(Vec::Zero(target.dim())),
      transition_(target.dim()) {}

std::vector<ChannelDescriptor> HmcEcsSampler::channels() {
  // Declaration order is summary.json's key order.
  return {
      {.id = "subsample_acceptance",
       .label = "α_u",
       .description = "acceptance rate of the block update of the subsample u (step 1: MH on L̂)",
       .kind = ChannelKind::Rate,
       .summary_key = "accept_rate_subsample",
       .metric_column = true},
      {.id = "loglik_variance",
       .label = "σ̂²",
       .description = "variance σ̂² of the log-likelihood estimator per draw, log₁₀ scale; about 1 "
                      "(0 here) is the usual target (Pitt et al.)",
       .kind = ChannelKind::PerDraw,
       .summary_key = "loglik_var_mean",
       .traced = true,
       .log_scale = true,
       .guide = 1.0},
      {.id = "subsample_fraction",
       .label = "m/n",
       .description = "subsample size m over the number of data points n",
       .kind = ChannelKind::Setting,
       .summary_key = "subsample_fraction"},
  };
}

std::vector<ParamDescriptor> HmcEcsSampler::descriptors() {
  ParamDescriptor batch{"batch_size",
                        "subsample size m",
                        ParamKind::Integer,
                        0,
                        1e7,
                        100,
                        false,
                        "Data points in the subsample u (iid uniform, with replacement); auto (0): "
                        "m so that σ̂² ≈ 1 around θ*"};
  batch.scope = ParamScope::DataTargetsOnly;
  batch.zero_means_auto = true;
  return {
      step_size_param(0.05,
                      "Leapfrog step ε on the estimated Hamiltonian (with mass=hessian the "
                      "posterior is ≈ N(0, I) in the dynamics' metric: ε·L ≈ 1.2 works)"),
      {"leapfrog_steps", "leapfrog steps L", ParamKind::Integer, 1, 1000, 24, true,
       "Leapfrog steps per proposal: trajectory length is ε·L"},
      batch,
      {"blocks", "blocks G", ParamKind::Integer, 1, 10000, 100, true,
       "Blocks of u; one is redrawn per iteration, so successive u's correlate by ≈ 1 − 1/G "
       "(needs m ≥ G)"},
      {"control_variate",
       "control variate",
       ParamKind::Choice,
       0,
       1,
       0,
       false,
       "Taylor expansion of each ℓ_k around θ*: second order (default) or first order",
       {"taylor2", "taylor1"}},
      {"expansion_subset", "expansion subset", ParamKind::Integer, 0, 1e9, 0, false,
       "Data points for Newton's method finding θ* (0 = all data)"},
      {"mass",
       "mass matrix M",
       ParamKind::Choice,
       0,
       1,
       0,
       false,
       "identity, or hessian: M = −∇²log π(θ*), so one step size suits every direction",
       {"identity", "hessian"}},
  };
}

void HmcEcsSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  leapfrog_steps_ = static_cast<int>(params.at("leapfrog_steps"));
  const int batch_size = static_cast<int>(params.at("batch_size"));
  const int blocks = static_cast<int>(params.at("blocks"));
  const TaylorOrder order =
      params.at("control_variate") == 0.0 ? TaylorOrder::Second : TaylorOrder::First;
  const auto expansion_subset = static_cast<std::int64_t>(params.at("expansion_subset"));
  const bool hessian_mass = params.at("mass") != 0.0;
  if (batch_size != 0 && batch_size < blocks)
    throw UserError("hmcecs: batch_size m = " + std::to_string(batch_size) +
                    " must be at least blocks G = " + std::to_string(blocks) + " (or 0 = auto)");
  if (order != order_ || expansion_subset != expansion_subset_) control_variates_due_ = true;
  if (control_variates_due_ || batch_size != batch_size_ || blocks != blocks_ ||
      hessian_mass != hessian_mass_)
    subsample_due_ = true;
  batch_size_ = batch_size;
  blocks_ = blocks;
  order_ = order;
  expansion_subset_ = expansion_subset;
  hessian_mass_ = hessian_mass;
}

void HmcEcsSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  // The set-up is part of every chain's cost, even when a reset reuses an existing expansion.
  if (control_variates_ && !control_variates_due_)
    charge_ecs_expansion(*control_variates_, counters_);
  subsample_due_ = true;
  ensure_set_up(rng);
}

void HmcEcsSampler::ensure_set_up(Rng& rng) {
  if (control_variates_due_) {
    estimator_.reset();
    control_variates_ = build_ecs_expansion(data_, order_, expansion_subset_, rng, counters_);
    estimator_ = std::make_unique<EcsEstimator>(*control_variates_);
    control_variates_due_ = false;
    subsample_due_ = true;
  }
  if (!subsample_due_) return;
  set_ecs_mass(transition_.metric(), *control_variates_, hessian_mass_);
  const int size = batch_size_ > 0 ? batch_size_ : auto_batch_size(rng);
  subsample_ = std::make_unique<EcsSubsample>(data_.num_data(), size, blocks_);
  subsample_->redraw_all(rng);
  channel_tally(kSubsampleFraction) = {double(size) / double(data_.num_data()), 1};
  subsample_due_ = false;
  grad_stale_ = true;
  refresh_gradient();
}

int HmcEcsSampler::auto_batch_size(Rng& rng) const {
  const std::int64_t n = data_.num_data();
  double variance_sum = 0.0;
  for (const DifferenceMoments& moments : laplace_difference_moments(
           *control_variates_, kAutoDraws, kAutoPoints, rng, "hmcecs: batch_size=auto"))
    variance_sum += moments.variance;
  // σ̂² = (n²/m²) Σ_i (d_i − d̄)² ≈ n² Var(d) / m, so m = n² Var(d) gives σ̂² ≈ 1.
  const double wanted = double(n) * double(n) * variance_sum / kAutoDraws;
  const double upper = std::max<double>(double(blocks_), double(n));
  return static_cast<int>(std::clamp(std::ceil(wanted), double(blocks_), std::min(upper, 1e7)));
}

void HmcEcsSampler::refresh_gradient() {
  if (!grad_stale_) return;
  estimate_ =
      estimator_->estimate_with_gradient(theta_.data(), *subsample_, differences_, grad_.data());
  const auto m = std::uint64_t(subsample_->size());
  counters_.gradient_evaluations += m;
  counters_.density_evaluations += m;
  grad_stale_ = false;
}

bool HmcEcsSampler::refresh_subsample_block(Rng& rng) {
  const int block = static_cast<int>(rng.uniform_index(std::uint64_t(subsample_->blocks())));
  last_refreshed_block_ = block;
  subsample_->redraw_block(block, rng, previous_block_);
  const int begin = subsample_->block_begin(block);
  const int length = subsample_->block_end(block) - begin;
  // Only the redrawn block's d_k are new; the others are still valid at this θ.
  differences_proposed_ = differences_;
  control_variates_->differences(subsample_->indices() + begin, length, theta_.data(),
                                 differences_proposed_.data() + begin);
  counters_.density_evaluations += std::uint64_t(length);
  const EcsEstimate proposed = estimator_->combine(theta_.data(), differences_proposed_);
  const double log_ratio = proposed.log_likelihood() - estimate_.log_likelihood();
  const bool accepted = log_ratio >= 0.0 || std::log(rng.uniform_open()) < log_ratio;
  channel_tally(kSubsampleAcceptance).add(accepted ? 1.0 : 0.0);
  if (accepted) {
    differences_.swap(differences_proposed_);
    estimate_ = proposed;
    grad_stale_ = true;
  } else {
    subsample_->restore_block(block, previous_block_);
  }
  return accepted;
}

bool HmcEcsSampler::hamiltonian_step(Rng& rng, DrawSink& store) {
  refresh_gradient();
  // The transition keeps θ, r and ∇Û for a rejection; the per-datum differences and the
  // estimate that go with them are ours to keep.
  const PhasePoint point{theta_, r_, grad_};
  transition_.observe(observer_, counters_.steps + 1);
  transition_.begin(point, rng);
  differences_start_ = differences_;
  const EcsEstimate estimate_start = estimate_;
  const double energy_start =
      estimator_->potential(theta_.data(), estimate_) + transition_.kinetic_energy(r_);

  const auto m = std::uint64_t(subsample_->size());
  auto estimated_gradient = [&](const double* theta, double* grad) {
    estimate_ = estimator_->estimate_with_gradient(theta, *subsample_, differences_, grad);
  };
  // The observer sees Ĥ, the estimated energy the MH test compares (trajectory_observer.hpp).
  auto estimated_potential = [&](const Vec& theta) {
    return estimator_->potential(theta.data(), estimate_);
  };
  transition_.run_steps(point, step_size_, leapfrog_steps_, estimated_gradient,
                        estimated_potential);
  counters_.gradient_evaluations += m * std::uint64_t(leapfrog_steps_);
  counters_.density_evaluations += m * std::uint64_t(leapfrog_steps_);

  // Ĥ with the same u at both ends: the estimated energy, not the exact one.
  const double energy_end =
      estimator_->potential(theta_.data(), estimate_) + transition_.kinetic_energy(r_);
  const MetropolisOutcome outcome = transition_.finish(point, energy_start, energy_end, true, rng);
  if (!outcome.accepted) {
    differences_.swap(differences_start_);
    estimate_ = estimate_start;
  }
  channel_tally(kLoglikVariance).add(estimate_.variance);

  // The exact U is O(n) and only the record needs it: timed apart (diagnostic_seconds), and on
  // every k-th recorded draw only, k chosen from the work mL of a step (NaN on the others).
  space_exact_potential(double(data_.num_data()), double(m) * double(leapfrog_steps_));
  double potential = kNoExactPotential, hamiltonian = kNoExactPotential;
  if (store.due(counters_.steps + 1) &&
      store.exact_potential_due(counters_.steps + 1, exact_potential_every())) {
    potential = recorded_potential(theta_);
    hamiltonian = potential + transition_.kinetic_energy(r_);
  }
  const double channel_values[] = {estimate_.variance};  // the PerDraw channel: σ̂²
  finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent, potential,
                         hamiltonian, channel_values, 1);
  return outcome.accepted;
}

void HmcEcsSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    ensure_set_up(rng);  // a no-op unless set_params changed the expansion, m, G or M
    refresh_subsample_block(rng);
    hamiltonian_step(rng, store);
  }
}

SamplerInfo HmcEcsSampler::info() {
  return {
      "hmcecs",
      "HMC-ECS (perturbed)",
      "HMC-ECS",
      "Dang, Quiroz, Kohn, Tran & Villani 2019, Alg. 1, §3–4",
      "refresh one block of u by MH on L̂; then HMC on Û = −(ℓ̂ − ½σ̂²) − log p with u fixed "
      "(Taylor control variates at θ*)",
      HmcEcsSampler::descriptors(),
      sampler_factory<HmcEcsSampler>(),
      {.output_kind = OutputKind::Exact,
       .channels = HmcEcsSampler::channels(),
       .starts_at_mode = true,
       .stability = mass_leapfrog_stability(),
       .regression_defaults = hessian_mass_regression_defaults,
       .trajectory_points = [](const ParamValues& p) { return param_or(p, "leapfrog_steps", 1.0); },
       .energy_is_estimate = true,
       .palette_slot = 5}};
}

}  // namespace sgl
