#include "core/samplers/hmcecs_signed.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/samplers/ecs_setup.hpp"
#include "core/samplers/hmcecs.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// lambda=auto: Laplace draws and data points per draw (as hmcecs's batch_size=auto), the floor
// that keeps ρ ≈ 1 − κ/λ ≥ 0.9 for κ = 1, and a ceiling on the work per gradient (λm).
constexpr int kAutoDraws = 8;
constexpr std::int64_t kAutoPoints = 4096;
constexpr int kMinAutoProducts = 10;
constexpr int kMaxProducts = 100000;

}  // namespace

HmcEcsSignedSampler::HmcEcsSignedSampler(const Target& target)
    : Sampler(target),
      data_(require_ecs_data_target(target, "hmcecs-signed")),
      grad_(Vec::Zero(target.dim())),
      transition_(target.dim()) {}

std::vector<ChannelDescriptor> HmcEcsSignedSampler::channels() {
  // hmcecs's channels (the same ids share the GUI's plots), in its order, then the sign.
  std::vector<ChannelDescriptor> declared = HmcEcsSampler::channels();
  declared[kSubsampleAcceptance].description =
      "acceptance rate of the refresh of κ products of L̂ (step 1: MH on |L̂|)";
  declared[kLoglikVariance].description =
      "estimated Var log|L̂| per draw (the signed estimator's σ̂²), log₁₀ scale; about 1 (0 here) "
      "is the usual target";
  declared[kSubsampleFraction].label = "λm/n";
  declared[kSubsampleFraction].description =
      "mean work per gradient λm over the number of data points n";
  declared.push_back({.id = "sign",
                      .label = "τ̂",
                      .description = "fraction of iterations with a positive likelihood estimate; "
                                     "sign-weighted means have variance growing as 1/(2τ̂ − 1)²",
                      .kind = ChannelKind::PerDraw,
                      .role = ChannelRole::DrawSign,
                      .summary_key = "sign_positive_fraction",
                      .csv_column = "sign",
                      .csv_absent = 1.0,
                      .metric_column = true});
  return declared;
}

std::vector<ParamDescriptor> HmcEcsSignedSampler::descriptors() {
  // hmcecs's descriptors (same names, ranges and tooltips) without `blocks`, with the minibatch
  // size of the block-Poisson estimator, then λ, a and κ.
  std::vector<ParamDescriptor> list;
  for (ParamDescriptor d : HmcEcsSampler::descriptors()) {
    if (d.name == "blocks") continue;
    if (d.name == "batch_size") {
      d.label = "minibatch size m";
      d.min = 1;
      d.max = 1e6;
      d.default_value = 30;
      d.log_scale = true;
      d.zero_means_auto = false;
      d.tooltip =
          "Data points in each of the ≈ λ minibatches d̂ (iid uniform, with "
          "replacement); the paper uses m = 30";
    }
    if (d.name == "control_variate")
      d.tooltip +=
          ". Signed: keep taylor2 — with taylor1 exp(Σq) has no curvature and |L̂| decays "
          "only polynomially away from θ*, so the chain wanders off";
    list.push_back(d);
  }
  ParamDescriptor lambda{"lambda",
                         "products λ",
                         ParamKind::Integer,
                         0,
                         kMaxProducts,
                         0,
                         true,
                         "Products ξ_l in L̂ (≈ λm densities per gradient); auto (0): "
                         "λ ≈ Var(d̂)+d² at Laplace draws (Var log|L̂| ≈ 1), at least 10"};
  lambda.zero_means_auto = true;
  ParamDescriptor lower{"a",
                        "lower bound a",
                        ParamKind::Real,
                        -1e5,
                        1e3,
                        0,
                        false,
                        "Factors are (d̂ − a)/λ: a should lie below the d̂ so that few are "
                        "negative; auto (0): a = −λ, centring the factors at 1 around θ*"};
  lower.zero_means_auto = true;
  list.push_back(lambda);
  list.push_back(lower);
  list.push_back({"kappa", "refreshed κ", ParamKind::Integer, 1, kMaxProducts, 1, true,
                  "Products redrawn per iteration: successive L̂ correlate by ρ ≈ 1 − κ/λ"});
  return list;
}

void HmcEcsSignedSampler::set_params(const ParamValues& params) {
  const int batch_size = static_cast<int>(params.at("batch_size"));
  const int lambda = static_cast<int>(params.at("lambda"));
  const double lower_bound = params.at("a");
  const int kappa = static_cast<int>(params.at("kappa"));
  const TaylorOrder order =
      params.at("control_variate") == 0.0 ? TaylorOrder::Second : TaylorOrder::First;
  const auto expansion_subset = static_cast<std::int64_t>(params.at("expansion_subset"));
  const bool hessian_mass = params.at("mass") != 0.0;
  if (lambda != 0 && kappa > lambda)
    throw UserError(
        "hmcecs-signed: kappa κ = " + std::to_string(kappa) +
        " products refreshed per iteration cannot exceed lambda λ = " + std::to_string(lambda));
  step_size_ = params.at("step_size");
  leapfrog_steps_ = static_cast<int>(params.at("leapfrog_steps"));
  if (order != order_ || expansion_subset != expansion_subset_) control_variates_due_ = true;
  if (control_variates_due_ || batch_size != batch_size_ || lambda != lambda_ ||
      lower_bound != lower_bound_ || kappa != kappa_ || hessian_mass != hessian_mass_)
    estimator_due_ = true;
  batch_size_ = batch_size;
  lambda_ = lambda;
  lower_bound_ = lower_bound;
  kappa_ = kappa;
  order_ = order;
  expansion_subset_ = expansion_subset;
  hessian_mass_ = hessian_mass;
}

void HmcEcsSignedSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  if (control_variates_ && !control_variates_due_)
    charge_ecs_expansion(*control_variates_, counters_);
  estimator_due_ = true;
  ensure_set_up(rng);
}

void HmcEcsSignedSampler::ensure_set_up(Rng& rng) {
  if (control_variates_due_) {
    estimator_.reset();
    control_variates_ = build_ecs_expansion(data_, order_, expansion_subset_, rng, counters_);
    control_variates_due_ = false;
    estimator_due_ = true;
  }
  if (!estimator_due_) return;
  set_ecs_mass(transition_.metric(), *control_variates_, hessian_mass_);
  const int lambda = lambda_ > 0 ? lambda_ : auto_products(rng);
  const double lower_bound = lower_bound_ != 0.0 ? lower_bound_ : -double(lambda);
  kappa_in_use_ = std::min(kappa_, lambda);
  lambda_in_use_ = lambda;
  estimator_ =
      std::make_unique<BlockPoissonEstimator>(*control_variates_, batch_size_, lambda, lower_bound);
  estimator_->redraw_all(theta_.data(), rng);
  counters_.density_evaluations +=
      std::uint64_t(estimator_->total_batches()) * std::uint64_t(batch_size_);
  // The mean work per gradient, λm, is what subsample_fraction reports (as m for hmcecs).
  channel_tally(kSubsampleFraction) = {
      double(std::uint64_t(lambda) * std::uint64_t(batch_size_)) / double(data_.num_data()), 1};
  estimator_due_ = false;
  grad_stale_ = true;
  refresh_gradient();
}

int HmcEcsSignedSampler::auto_products(Rng& rng) const {
  const double n = double(data_.num_data());
  double total = 0.0;
  for (const DifferenceMoments& moments : laplace_difference_moments(
           *control_variates_, kAutoDraws, kAutoPoints, rng, "hmcecs-signed: lambda=auto")) {
    // d = n·mean exactly when every point was used; otherwise d² is estimated without the
    // bias n²Var/points of the squared sample mean.
    const double mean = moments.mean;
    const double d_squared =
        moments.all_data
            ? n * n * mean * mean
            : std::max(0.0, n * n * (mean * mean - moments.variance / double(moments.points)));
    total += n * n * moments.variance / double(batch_size_) + d_squared;  // Var(d̂) + d²
  }
  const double wanted = std::ceil(total / kAutoDraws);
  return static_cast<int>(std::clamp(wanted, double(kMinAutoProducts), double(kMaxProducts)));
}

void HmcEcsSignedSampler::refresh_gradient() {
  if (!grad_stale_) return;
  value_ = estimator_->evaluate_with_gradient(theta_.data(), grad_.data());
  const auto work = std::uint64_t(estimator_->total_batches()) * std::uint64_t(batch_size_);
  counters_.gradient_evaluations += work;
  counters_.density_evaluations += work;
  grad_stale_ = false;
}

bool HmcEcsSignedSampler::refresh_products(Rng& rng) {
  counters_.density_evaluations += estimator_->refresh(kappa_in_use_, theta_.data(), rng);
  const BlockPoissonValue proposed = estimator_->combine(theta_.data());
  const double log_ratio = proposed.log_abs - value_.log_abs;
  // A current |L̂| of 0 (d̂ = a exactly, probability 0) gives +∞ and any u' is taken.
  const bool accepted =
      !std::isnan(log_ratio) && (log_ratio >= 0.0 || std::log(rng.uniform_open()) < log_ratio);
  channel_tally(kSubsampleAcceptance).add(accepted ? 1.0 : 0.0);
  if (accepted) {
    value_ = proposed;
    grad_stale_ = true;
  } else {
    estimator_->restore_refreshed();
  }
  return accepted;
}

void HmcEcsSignedSampler::hamiltonian_step(Rng& rng, DrawSink& store) {
  refresh_gradient();
  // The transition keeps θ, r and ∇Û for a rejection; the d̂ and L̂ that go with them are ours.
  const PhasePoint point{theta_, r_, grad_};
  transition_.observe(observer_, counters_.steps + 1);
  transition_.begin(point, rng);
  std::vector<double>& estimates_start = scratch_estimates_;
  estimator_->save_estimates(estimates_start);
  const BlockPoissonValue value_start = value_;
  const double energy_start =
      estimator_->potential(theta_.data(), value_) + transition_.kinetic_energy(r_);

  auto estimated_gradient = [&](const double* theta, double* grad) {
    value_ = estimator_->evaluate_with_gradient(theta, grad);
  };
  // The observer sees Ĥ, the estimated energy the MH test compares (trajectory_observer.hpp).
  auto estimated_potential = [&](const Vec& theta) {
    return estimator_->potential(theta.data(), value_);
  };
  transition_.run_steps(point, step_size_, leapfrog_steps_, estimated_gradient,
                        estimated_potential);
  const auto work = std::uint64_t(estimator_->total_batches()) * std::uint64_t(batch_size_) *
                    std::uint64_t(leapfrog_steps_);
  counters_.gradient_evaluations += work;
  counters_.density_evaluations += work;

  const double energy_end =
      estimator_->potential(theta_.data(), value_) + transition_.kinetic_energy(r_);
  // A start on the barrier (|L̂| = 0, probability 0) would make every end look divergent: the
  // test then compares the end with itself.
  const MetropolisOutcome outcome = transition_.finish(
      point, std::isfinite(energy_start) ? energy_start : energy_end, energy_end, true, rng);
  if (!outcome.accepted) {
    estimator_->restore_estimates(estimates_start);
    value_ = value_start;
  }
  channel_tally(kLoglikVariance).add(value_.log_abs_variance);
  channel_tally(kSign).add(value_.sign > 0 ? 1.0 : 0.0);

  // The exact U is O(n) and only the record needs it: timed apart (diagnostic_seconds), and on
  // every k-th recorded draw only, k chosen from the mean work λmL of a step (NaN on the others).
  space_exact_potential(double(data_.num_data()),
                        double(lambda_in_use_) * double(batch_size_) * double(leapfrog_steps_));
  double potential = kNoExactPotential, hamiltonian = kNoExactPotential;
  if (store.due(counters_.steps + 1) &&
      store.exact_potential_due(counters_.steps + 1, exact_potential_every())) {
    potential = recorded_potential(theta_);
    hamiltonian = potential + transition_.kinetic_energy(r_);
  }
  // The PerDraw channels in declaration order: Var log|L̂|, then s = ±1.
  const double channel_values[] = {value_.log_abs_variance, value_.sign < 0 ? -1.0 : 1.0};
  finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent, potential,
                         hamiltonian, channel_values, 2);
}

void HmcEcsSignedSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    ensure_set_up(rng);  // a no-op unless set_params changed the expansion, m, λ, a, κ or M
    refresh_products(rng);
    hamiltonian_step(rng, store);
  }
}

SamplerInfo HmcEcsSignedSampler::info() {
  return {
      "hmcecs-signed",
      "HMC-ECS (signed)",
      "signed HMC-ECS",
      "Dang, Quiroz, Kohn, Tran & Villani 2019, §5",
      "refresh κ of λ block-Poisson products by MH on |L̂|; then HMC on −log|L̂| − log p with u "
      "fixed; draws weighted by s = sign(L̂)",
      HmcEcsSignedSampler::descriptors(),
      sampler_factory<HmcEcsSignedSampler>(),
      {.output_kind = OutputKind::Exact,
       .channels = HmcEcsSignedSampler::channels(),
       .starts_at_mode = true,
       .stability = mass_leapfrog_stability(),
       .regression_defaults = hessian_mass_regression_defaults,
       .trajectory_points = [](const ParamValues& p) { return param_or(p, "leapfrog_steps", 1.0); },
       .energy_is_estimate = true,
       .palette_slot = 6}};
}

}  // namespace sgl
