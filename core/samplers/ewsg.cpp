#include "core/samplers/ewsg.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include "core/samplers/common_params.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"
#include "core/samplers/gradient_noise_cause.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/samplers/target_curvature.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

const DataTarget& require_data_target(const Target& target) {
  const DataTarget* data = target.as_data_target();
  if (!data)
    throw UserError(
        "ewsg needs a data target with per-datum terms: ewsg-gauss, linear, logistic "
        "or --data (target '" +
        target.id() + "' has none)");
  return *data;
}

}  // namespace

std::vector<ChannelDescriptor> EwsgSampler::channels() {
  return {{.id = "index_acceptance",
           .label = "α_I",
           .description = "acceptance rate of the Metropolis chain that picks the data block I",
           .kind = ChannelKind::Rate,
           .summary_key = "index_accept_rate",
           .metric_column = true},
          {.id = "index_weight_ess",
           .label = "ESS_w",
           .description = "effective sample size of the index weights over the data blocks, as a "
                          "fraction of the blocks, at the current state (1: even weights; below " +
                          std::to_string(kEwsgDegenerateWeightFraction).substr(0, 3) +
                          " they are degenerate and the estimates can be biased)",
           .kind = ChannelKind::Rate,
           .summary_key = "index_weight_ess",
           .metric_column = true}};
}

std::vector<ParamDescriptor> EwsgSampler::descriptors() {
  ParamDescriptor batch_size{"batch_size",
                             "minibatch size b",
                             ParamKind::Integer,
                             1,
                             1e7,
                             1,
                             true,
                             "Data per block of a fixed random partition; the index chain picks "
                             "one block per step (n mod b leftovers join the first blocks)"};
  batch_size.scope = ParamScope::DataTargetsOnly;
  // The paper's symbol h, which the stability hints use too (hγ < 2, hλ_max < γ).
  ParamDescriptor step =
      step_size_param(0.05, "Euler–Maruyama step h; no MH, so the bias shrinks only as h → 0");
  step.label = "step size h";
  return {
      step,
      {"friction", "friction γ", ParamKind::Real, 0.01, 100.0, 10.0, true,
       "Friction γ of underdamped Langevin; the injected noise is σ = √(2γ)"},
      {"index_steps", "index steps M", ParamKind::Integer, 0, 1000, 1, false,
       "Metropolis steps of the index chain per iteration; each costs one more block gradient"},
      batch_size,
      {"index",
       "index choice",
       ParamKind::Choice,
       0,
       1,
       0,
       false,
       "ewsg: Metropolis index chain towards p_i ∝ exp(½‖x + n a_i‖²); uniform: plain SG "
       "(the paper's SGHMC baseline, same integrator)",
       {"ewsg", "uniform"}},
      {"persist_index", "persist index", ParamKind::Boolean, 0, 1, 0, false,
       "Start the index chain from the previous iteration's index instead of a uniform one"},
  };
}

EwsgSampler::EwsgSampler(const Target& target)
    : Sampler(target),
      data_(require_data_target(target)),
      index_chain_(data_),
      grad_(Vec::Zero(target.dim())),
      prior_grad_(Vec::Zero(target.dim())) {}

void EwsgSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  friction_ = params.at("friction");
  noise_sd_ = std::sqrt(2.0 * friction_ * step_size_);
  index_chain_.set_index_steps(static_cast<int>(params.at("index_steps")));
  index_chain_.set_uniform(params.at("index") == 1.0);
  index_chain_.set_persist(params.at("persist_index") != 0.0);
  const int batch_size = static_cast<int>(params.at("batch_size"));
  // A step reads (M + 1) blocks of b data: the record's O(n) exact U on every k-th draw only.
  space_exact_potential(double(data_.num_data()),
                        (params.at("index_steps") + 1.0) * double(batch_size));
  if (batch_size != batch_size_) {
    batch_size_ = batch_size;
    index_chain_.set_partition(batch_size_, partition_seed_);
  }
  // A probe costs min(m, kWeightProbeBlocks) block gradients, a step M + 1: probing every
  // 5·probe/(M + 1) steps adds at most a fifth to the work.
  const int probe_blocks = std::min(index_chain_.num_blocks(), kWeightProbeBlocks);
  weight_probe_every_ = static_cast<std::uint64_t>(
      std::max(1, 5 * probe_blocks / (static_cast<int>(params.at("index_steps")) + 1)));
}

void EwsgSampler::probe_weights() {
  const double fraction = index_chain_.weight_ess_fraction(
      theta_.data(), r_.data(), step_size_, friction_, prior_grad_.data(), kWeightProbeBlocks);
  if (std::isfinite(fraction)) weight_ess_.add(fraction);
}

void EwsgSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  partition_seed_ = rng.next_u64();
  index_chain_.set_partition(batch_size_, partition_seed_);
  index_chain_.clear_counts();
  weight_ess_ = {};
}

void EwsgSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* r = r_.data();
  double* grad = grad_.data();
  for (std::uint64_t s = 0; s < steps; ++s) {
    // −∇log p(θ) first: the index weights are over the whole potential's gradient.
    prior_grad_.setZero();
    data_.add_log_prior_gradient(theta, -1.0, prior_grad_.data());
    if (!index_chain_.uniform() && counters_.steps % weight_probe_every_ == 0) probe_weights();
    index_chain_.select(theta, r, step_size_, friction_, prior_grad_.data(), grad, rng);
    // Euler–Maruyama: the position and the momentum updates both read (θ_k, r_k).
    for (int i = 0; i < dim; ++i) {
      const double old_r = r[i];
      theta[i] += step_size_ * old_r;
      r[i] = old_r - step_size_ * (grad[i] + friction_ * old_r) + noise_sd_ * rng.normal();
    }
    if (!finish_free_step(store)) break;
  }
  sync_counts();
}

std::string EwsgSampler::divergence_cause() const {
  // Euler–Maruyama multiplies r by 1 − hγ on flat directions (hγ ≥ 2 flips and grows it) and,
  // on a direction of curvature λ, scales the (θ, r) area by 1 − hγ + h²λ, which exceeds 1 once
  // hλ > γ: there more friction helps, up to 2/h (stability_limits.hpp). Within those limits
  // the usual cause is the gradient noise: with a small b on many data, h·(G_B − Ḡ) dwarfs the
  // injected noise and EWSG's weights pick the most extreme blocks.
  const double hg = step_size_ * friction_;
  std::ostringstream cause;
  cause.precision(3);
  if (hg >= 2.0) {
    cause << "hγ too large (hγ = " << hg << " > 2): the friction flips and grows r every step; "
          << "lower γ or h";
    return cause.str();
  }
  const std::optional<TargetCurvature> curvature = estimate_curvature(target_);
  const double h_lambda_over_gamma =
      curvature ? step_size_ * curvature->max_eigenvalue / friction_ : std::nan("");
  if (!(h_lambda_over_gamma >= 1.0)) {
    std::ostringstream limits;
    limits.precision(3);
    if (std::isfinite(h_lambda_over_gamma))
      limits << "hλ_max/γ = " << h_lambda_over_gamma << " < 1, hγ = " << hg << " < 2";
    const std::string noise = gradient_noise_divergence_cause(
        data_, theta_.data(), batch_size_, step_size_, friction_, limits.str(), "h");
    if (!noise.empty()) return noise;
  }
  cause << "h = " << step_size_ << " too large for the curvature at γ = " << friction_
        << " (Euler–Maruyama needs hλ_max < γ and hγ < 2";
  if (std::isfinite(h_lambda_over_gamma)) cause << "; hλ_max/γ = " << h_lambda_over_gamma;
  cause << "); lower h, or raise γ below 2/h";
  return cause.str();
}

void EwsgSampler::sync_counts() {
  counters_.gradient_evaluations = index_chain_.evaluations();
  channel_tally(0) = {double(index_chain_.accepts()), index_chain_.proposals()};
  channel_tally(1) = weight_ess_;
}

SamplerInfo EwsgSampler::info() {
  return {"ewsg",
          "EWSG",
          "EWSG",
          "EWSG paper (non-uniform subsampling of gradients, seed 003), Alg. 1",
          "index I by a Metropolis chain ∝ exp(½‖x + n a_I‖²); θ += h r; "
          "r += −h(n∇V_I(θ) + γr) + N(0, 2γh) (both from the old state)",
          EwsgSampler::descriptors(),
          sampler_factory<EwsgSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .channels = EwsgSampler::channels(),
           .stability = euler_langevin_stability(),
           .regression_defaults = euler_langevin_regression_defaults,
           // h and γ play SGHMC's ε and C; index = 0 weights the data by the momentum.
           .gradient_noise_view =
               [](const ParamValues& p) {
                 return GradientNoiseView{
                     param_or(p, "step_size", 0.0), param_or(p, "friction", 0.0), std::nullopt,
                     param_or(p, "index", 0.0) == 0.0 ? GradientEstimate::EwsgIndexWeights
                                                      : GradientEstimate::Minibatch};
               },
           .palette_slot = 4}};
}

}  // namespace sgl
