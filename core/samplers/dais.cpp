#include "core/samplers/dais.hpp"

#include <algorithm>
#include <cmath>

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Points kept in a report's ELBO curve (buckets of consecutive steps are averaged).
constexpr std::size_t kTracePoints = 400;
// Consecutive Adam steps without a single finite ELBO sample before the chain stops.
constexpr std::uint64_t kMaxFailedStreak = 50;
// Per-datum multiply-adds one annealing picture may spend (about 0.1 s).
constexpr double kAnnealingBudget = 1e8;

const DataTarget& require_data_target(const Target& target) {
  const DataTarget* data = target.as_data_target();
  if (data == nullptr)
    throw UserError(
        "DAIS samplers run on data targets only (ewsg-gauss, linear, logistic, CSV "
        "data): they need per-datum log-likelihood terms and their curvature; '" +
        target.id() + "' is analytic");
  return *data;
}

}  // namespace

std::vector<ChannelDescriptor> DaisSampler::channels() {
  return {{.id = "log_weight",
           .label = "log w",
           .description = "log importance weight of each draw; its mean is the ELBO estimate",
           .kind = ChannelKind::PerDraw,
           .traced = true}};
}

std::vector<ParamDescriptor> DaisSampler::descriptors(DaisVariant variant) {
  std::vector<ParamDescriptor> list = {
      {"K", "annealing steps K", ParamKind::Integer, 1, 256, 8, false,
       "Transitions from q0 to the posterior, each a partial momentum refresh and one leapfrog "
       "step; more is tighter and dearer (paper: 8)"},
      {"iterations", "training iterations", ParamKind::Integer, 0, 1e8, 2000, true,
       "Adam steps before sampling; the learning rate drops x10 at 1/3 and at 2/3 of them"},
      {"learning_rate", "learning rate", ParamKind::Real, 1e-6, 1.0, 0.01, true,
       "Adam's initial rate (paper: 1e-3 over 3e5 steps; default 1e-2 for shorter runs here)"},
      {"eta_init", "initial step η", ParamKind::Real, 1e-5, 0.24, 0.01, true,
       "Leapfrog step size at the start of training; learned, capped at 0.25; one η for all K "
       "steps and M = I here (the paper learns a diagonal M)"},
      {"gamma_init", "initial refresh γ", ParamKind::Real, 0.01, 0.99, 0.9, false,
       "Momentum kept by each partial refresh v <- γv + sqrt(1-γ²)ξ; learned (paper: 0.9)"},
      {"scale_init", "initial base scale", ParamKind::Real, 1e-4, 100.0, 0.1, true,
       "Standard deviation of the base q0 = N(μ, s²) at the start (μ starts at the chain's init)"},
      {"elbo_samples", "ELBO samples / step", ParamKind::Integer, 1, 1024, 1, true,
       "Reparameterised ELBO samples averaged in each Adam step's gradient"},
  };
  if (variant != DaisVariant::Full) {
    ParamDescriptor batch{"batch_size",
                          "minibatch size B",
                          ParamKind::Integer,
                          1,
                          1e7,
                          256,
                          true,
                          variant == DaisVariant::Minibatch
                              ? "Data points (without replacement) per minibatch: one for the "
                                "dynamics and an independent one for the final term, per sample"
                              : "Data points (without replacement) in the final likelihood term "
                                "of each ELBO sample"};
    batch.scope = ParamScope::DataTargetsOnly;
    list.push_back(batch);
  }
  if (variant == DaisVariant::Surrogate) {
    ParamDescriptor points{"surrogate_points",
                           "surrogate points N_surr",
                           ParamKind::Integer,
                           1,
                           1e7,
                           256,
                           true,
                           "Random data points whose weighted log likelihood guides the dynamics "
                           "(RAND ansatz, weights start at n/N_surr)"};
    points.scope = ParamScope::DataTargetsOnly;
    list.push_back(points);
    list.push_back({"learn_weights", "learn weights ω", ParamKind::Boolean, 0, 1, 1, false,
                    "Learn the surrogate weights ω (off: keep ω = n/N_surr)"});
  }
  return list;
}

DaisSampler::DaisSampler(const Target& target, DaisVariant variant)
    : Sampler(target),
      variant_(variant),
      likelihood_(std::make_unique<DaisLikelihood>(require_data_target(target))),
      n_(likelihood_->num_data()) {}

void DaisSampler::set_params(const ParamValues& params) {
  const int steps = static_cast<int>(params.at("K"));
  const std::int64_t batch =
      params.count("batch_size") ? static_cast<std::int64_t>(params.at("batch_size")) : n_;
  const std::int64_t surrogate = params.count("surrogate_points")
                                     ? static_cast<std::int64_t>(params.at("surrogate_points"))
                                     : n_;
  const bool learn = params.count("learn_weights") ? params.at("learn_weights") != 0.0 : false;
  const bool structure_changed =
      steps != steps_ || std::min(surrogate, n_) != surrogate_count_ || learn != learn_weights_;
  steps_ = steps;
  iterations_ = static_cast<std::uint64_t>(params.at("iterations"));
  learning_rate_ = params.at("learning_rate");
  eta_init_ = params.at("eta_init");
  gamma_init_ = params.at("gamma_init");
  scale_init_ = params.at("scale_init");
  elbo_samples_ = static_cast<int>(params.at("elbo_samples"));
  batch_size_ = std::min(batch, n_);
  surrogate_count_ = std::min(surrogate, n_);
  learn_weights_ = learn;
  batch_weight_.assign(static_cast<std::size_t>(batch_size_), double(n_) / double(batch_size_));
  // A new K or surrogate changes what is learned: training starts again from the initial values.
  if (initialised_ && structure_changed) build_model();
}

void DaisSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  // One draw seeds the set-up (surrogate points), whatever the variant, so that the variants'
  // streams stay aligned (SL-DAIS with every point and ω = 1 reproduces DAIS exactly).
  setup_seed_ = rng.next_u64();
  init_ = theta0;
  initialised_ = true;
  build_model();
}

void DaisSampler::build_model() {
  const int d = target_.dim();
  layout_ = {d, steps_,
             variant_ == DaisVariant::Surrogate && learn_weights_ ? int(surrogate_count_) : 0};
  objective_ = std::make_unique<DaisObjective>(*likelihood_, layout_);

  all_idx_.resize(static_cast<std::size_t>(n_));
  for (std::int64_t k = 0; k < n_; ++k) all_idx_[static_cast<std::size_t>(k)] = k;
  ones_.assign(static_cast<std::size_t>(n_), 1.0);
  permutation_ = all_idx_;
  surrogate_idx_.clear();
  if (variant_ == DaisVariant::Surrogate) {
    if (surrogate_count_ >= n_) {
      surrogate_idx_ = all_idx_;
    } else {
      Rng setup(setup_seed_);
      std::vector<std::int64_t> order = all_idx_;
      for (std::int64_t j = 0; j < surrogate_count_; ++j) {
        const auto pick = j + static_cast<std::int64_t>(setup.uniform_index(std::uint64_t(n_ - j)));
        std::swap(order[std::size_t(j)], order[std::size_t(pick)]);
      }
      surrogate_idx_.assign(order.begin(), order.begin() + surrogate_count_);
    }
  }
  omega_.assign(surrogate_idx_.size(),
                double(n_) / double(std::max<std::int64_t>(1, surrogate_count_)));

  DaisParameters initial;
  initial.mu = init_;
  initial.scale = Vec::Constant(d, scale_init_);
  initial.beta = Vec::LinSpaced(steps_, 1.0 / steps_, 1.0);
  initial.beta[steps_ - 1] = 1.0;
  initial.eta = eta_init_;
  initial.gamma = gamma_init_;
  phi_ = unconstrain(initial, layout_);
  for (int j = 0; j < layout_.weights; ++j)
    phi_[layout_.omega() + j] = std::log(omega_[std::size_t(j)]);
  current_ = constrain(phi_, layout_);
  adam_.reset(layout_.size());
  grad_scratch_ = Vec::Zero(layout_.size());

  trained_ = 0;
  elbo_trace_.clear();
  failed_samples_ = 0;
  failed_streak_ = 0;
  training_seconds_ = 0.0;
  sample_index_ = 0;
  elbo_count_ = 0;
  elbo_mean_ = 0.0;
  elbo_m2_ = 0.0;
}

void DaisSampler::set_unconstrained(const Vec& phi) {
  phi_ = phi;
  current_ = constrain(phi_, layout_);
  for (int j = 0; j < layout_.weights; ++j)
    omega_[std::size_t(j)] = std::exp(phi_[layout_.omega() + j]);
}

void DaisSampler::draw_minibatch(Rng& rng, std::vector<std::int64_t>& out) {
  if (batch_size_ >= n_) {
    out = all_idx_;
    return;
  }
  // Partial Fisher–Yates over 0..n−1, then the swaps undone in reverse: O(B) per draw, not O(n),
  // and the batch depends on the RNG alone (so a fixed seed gives a fixed batch).
  out.resize(static_cast<std::size_t>(batch_size_));
  picks_.resize(static_cast<std::size_t>(batch_size_));
  for (std::int64_t j = 0; j < batch_size_; ++j) {
    const auto pick = j + static_cast<std::int64_t>(rng.uniform_index(std::uint64_t(n_ - j)));
    picks_[std::size_t(j)] = pick;
    std::swap(permutation_[std::size_t(j)], permutation_[std::size_t(pick)]);
    out[std::size_t(j)] = permutation_[std::size_t(j)];
  }
  for (std::int64_t j = batch_size_ - 1; j >= 0; --j)
    std::swap(permutation_[std::size_t(j)], permutation_[std::size_t(picks_[std::size_t(j)])]);
}

WeightedData DaisSampler::dynamics_set(Rng& rng) {
  switch (variant_) {
    case DaisVariant::Full:
      return {all_idx_.data(), ones_.data(), int(n_)};
    case DaisVariant::Minibatch:
      draw_minibatch(rng, batch_dyn_);
      return {batch_dyn_.data(), batch_weight_.data(), int(batch_dyn_.size())};
    case DaisVariant::Surrogate:
      break;
  }
  return {surrogate_idx_.data(), omega_.data(), int(surrogate_idx_.size())};
}

WeightedData DaisSampler::final_set(Rng& rng) {
  if (variant_ == DaisVariant::Full) return {all_idx_.data(), ones_.data(), int(n_)};
  draw_minibatch(rng, batch_final_);
  return {batch_final_.data(), batch_weight_.data(), int(batch_final_.size())};
}

double DaisSampler::learning_rate_now() const {
  // The paper's schedule (1e−3 → 1e−4 → 1e−5 at 1/3 and 2/3 of its 3·10⁵ steps), in shape.
  if (3 * trained_ >= 2 * iterations_) return learning_rate_ * 0.01;
  if (3 * trained_ >= iterations_) return learning_rate_ * 0.1;
  return learning_rate_;
}

double DaisSampler::elbo_and_gradient(const Vec& phi, Rng& rng, Vec* grad) {
  set_unconstrained(phi);
  if (grad) grad->setZero(layout_.size());
  double sum = 0.0;
  int finite = 0;
  const std::uint64_t K = std::uint64_t(steps_);
  for (int s = 0; s < elbo_samples_; ++s) {
    const WeightedData dynamics = dynamics_set(rng);
    const WeightedData final_data = final_set(rng);
    const double log_w = objective_->forward(current_, dynamics, rng, tape_) +
                         objective_->final_term(tape_, final_data);
    std::uint64_t gradients =
        (K + 1) * std::uint64_t(dynamics.count) + std::uint64_t(final_data.count);
    if (grad) {
      gradients += (K + 1) * std::uint64_t(dynamics.count) * (layout_.weights > 0 ? 2 : 1);
      grad_scratch_.setZero();
      objective_->backward(current_, dynamics, final_data, tape_, grad_scratch_);
    }
    counters_.gradient_evaluations += gradients;
    counters_.density_evaluations += std::uint64_t(final_data.count);
    if (!std::isfinite(log_w) || (grad && !grad_scratch_.allFinite())) {
      ++failed_samples_;
      continue;
    }
    sum += log_w;
    ++finite;
    if (grad) *grad += grad_scratch_;
  }
  if (finite == 0) return std::nan("");
  if (grad) *grad /= double(finite);
  return sum / double(finite);
}

void DaisSampler::training_step(Rng& rng) {
  const auto start = std::chrono::steady_clock::now();
  Vec grad(layout_.size());
  const double elbo = elbo_and_gradient(phi_, rng, &grad);
  elbo_trace_.push_back(elbo);
  ++trained_;
  ++counters_.steps;
  if (std::isfinite(elbo)) {
    failed_streak_ = 0;
    Vec phi = phi_;
    adam_.step(phi, -grad, learning_rate_now());  // ascent on the ELBO
    if (phi.allFinite()) set_unconstrained(phi);
  } else {
    ++counters_.divergences;
    if (++failed_streak_ >= kMaxFailedStreak)
      diverge("no finite ELBO sample in " + std::to_string(kMaxFailedStreak) +
              " training steps (try a smaller eta_init or learning_rate)");
  }
  training_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void DaisSampler::sample_step(Rng& rng, DrawSink& store) {
  const WeightedData dynamics = dynamics_set(rng);
  const double partial = objective_->forward(current_, dynamics, rng, tape_);
  counters_.gradient_evaluations += std::uint64_t(steps_ + 1) * std::uint64_t(dynamics.count);
  ++counters_.steps;
  ++sample_index_;
  const auto z = tape_.z.col(steps_);
  const auto v = tape_.v.col(steps_);
  const double potential = z.allFinite() ? target_.potential(z.data()) : std::nan("");
  const double log_w = partial - potential;
  if (!std::isfinite(log_w) || !v.allFinite()) {
    ++counters_.divergences;  // a non-finite draw is dropped; the next is independent anyway
    return;
  }
  theta_ = z;
  r_ = v;
  channel_tally(0).add(log_w);  // the log_weight channel's tally, as every per-draw channel's
  ++elbo_count_;
  const double delta = log_w - elbo_mean_;
  elbo_mean_ += delta / double(elbo_count_);
  elbo_m2_ += delta * (log_w - elbo_mean_);
  if (store.due(sample_index_))
    store.record({.step = counters_.steps,
                  .theta = theta_.data(),
                  .momentum = r_.data(),
                  .potential = potential,
                  .hamiltonian = potential + kinetic_energy(r_),
                  .channel_values = &log_w,
                  .channel_count = 1});
}

void DaisSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  for (std::uint64_t s = 0; s < steps && !stopped(); ++s) {
    if (trained_ < iterations_) {
      training_step(rng);
    } else {
      sample_step(rng, store);
    }
  }
}

std::shared_ptr<const TrainingReport> DaisSampler::training_report() const {
  auto report = std::make_shared<TrainingReport>();
  report->iterations = iterations_;
  report->completed = trained_;
  const std::size_t total = elbo_trace_.size();
  const std::size_t bucket = std::max<std::size_t>(1, (total + kTracePoints - 1) / kTracePoints);
  for (std::size_t start = 0; start < total; start += bucket) {
    const std::size_t end = std::min(total, start + bucket);
    double sum = 0.0;
    std::size_t count = 0;
    for (std::size_t i = start; i < end; ++i)
      if (std::isfinite(elbo_trace_[i])) sum += elbo_trace_[i], ++count;
    report->elbo_trace.push_back(count > 0 ? sum / double(count) : std::nan(""));
    report->elbo_trace_steps.push_back(end);
  }
  report->beta.assign(current_.beta.data(), current_.beta.data() + current_.beta.size());
  report->base_mean.assign(current_.mu.data(), current_.mu.data() + current_.mu.size());
  report->base_scale.assign(current_.scale.data(), current_.scale.data() + current_.scale.size());
  report->step_size = current_.eta;
  report->gamma = current_.gamma;
  report->learning_rate = learning_rate_now();
  report->training_seconds = training_seconds_;
  report->failed_samples = failed_samples_;
  report->elbo_samples = elbo_count_;
  report->elbo = elbo_mean_;
  report->elbo_se =
      elbo_count_ > 1 ? std::sqrt(elbo_m2_ / double(elbo_count_ - 1) / double(elbo_count_)) : 0.0;
  return report;
}

std::shared_ptr<const AnnealingCloud> DaisSampler::annealing_cloud(int particles,
                                                                   std::uint64_t seed) const {
  auto cloud = std::make_shared<AnnealingCloud>();
  const int d = target_.dim();
  // Full-data dynamics cost (K+1)·n·d per particle: fewer particles on large data sets keep one
  // picture under ~0.1 s, so the live worker stays responsive (at least 16 particles).
  const double per_particle = double(steps_ + 1) * double(d) *
                              double(variant_ == DaisVariant::Full        ? n_
                                     : variant_ == DaisVariant::Minibatch ? batch_size_
                                                                          : surrogate_count_);
  particles = std::clamp(int(std::min(double(particles), kAnnealingBudget / per_particle)),
                         std::min(16, particles), particles);
  cloud->steps = steps_;
  cloud->particles = particles;
  cloud->dim = d;
  cloud->z.resize(std::size_t(steps_ + 1) * std::size_t(particles) * std::size_t(d));
  Rng rng(seed);
  DaisTape tape;
  // NS-DAIS's minibatches are drawn with replacement here (this picture must not disturb the
  // chain's permutation state).
  std::vector<std::int64_t> batch;
  for (int p = 0; p < particles; ++p) {
    WeightedData dynamics{all_idx_.data(), ones_.data(), int(n_)};
    if (variant_ == DaisVariant::Surrogate) {
      dynamics = {surrogate_idx_.data(), omega_.data(), int(surrogate_idx_.size())};
    } else if (variant_ == DaisVariant::Minibatch && batch_size_ < n_) {
      batch.resize(std::size_t(batch_size_));
      for (auto& k : batch) k = std::int64_t(rng.uniform_index(std::uint64_t(n_)));
      dynamics = {batch.data(), batch_weight_.data(), int(batch.size())};
    }
    objective_->forward(current_, dynamics, rng, tape);
    for (int k = 0; k <= steps_; ++k)
      for (int i = 0; i < d; ++i)
        cloud->z[(std::size_t(k) * std::size_t(particles) + std::size_t(p)) * std::size_t(d) +
                 std::size_t(i)] = tape.z(i, k);
  }
  return cloud;
}

namespace {
std::function<std::unique_ptr<Sampler>(const Target&)> dais_factory(DaisVariant variant) {
  return [variant](const Target& target) { return std::make_unique<DaisSampler>(target, variant); };
}
}  // namespace

SamplerInfo DaisSampler::info(DaisVariant variant) {
  switch (variant) {
    case DaisVariant::Full:
      return {
          "dais",
          "DAIS",
          "DAIS",
          "Geffner & Domke 2021; Jankowiak & Phan 2021, Alg. 3",
          "Adam on the ELBO of q0 + K (refresh, leapfrog on V_k) steps, no MH; then iid z_K draws",
          DaisSampler::descriptors(DaisVariant::Full),
          dais_factory(DaisVariant::Full),
          {.output_kind = OutputKind::Variational,
           .channels = DaisSampler::channels(),
           .importance_log_weight = "log_weight",
           .palette_slot = 5}};
    case DaisVariant::Minibatch:
      return {"ns-dais",
              "NS-DAIS (minibatch)",
              "NS-DAIS",
              "Jankowiak & Phan 2021, §4, Alg. 2",
              "DAIS with (n/B)·minibatch likelihoods: one for the dynamics, one for the final term",
              DaisSampler::descriptors(DaisVariant::Minibatch),
              dais_factory(DaisVariant::Minibatch),
              {.output_kind = OutputKind::Variational,
               .channels = DaisSampler::channels(),
               .importance_log_weight = "log_weight",
               .palette_slot = 6}};
    case DaisVariant::Surrogate:
      return {"sl-dais",
              "SL-DAIS (surrogate)",
              "SL-DAIS",
              "Jankowiak & Phan 2021, Alg. 1 (RAND surrogate)",
              "DAIS with a learned surrogate Σω_j ℓ_{s_j} in the dynamics, a minibatch in the "
              "final term",
              DaisSampler::descriptors(DaisVariant::Surrogate),
              dais_factory(DaisVariant::Surrogate),
              {.output_kind = OutputKind::Variational,
               .channels = DaisSampler::channels(),
               .importance_log_weight = "log_weight",
               .palette_slot = 7}};
  }
  throw std::logic_error("unknown DAIS variant");
}

}  // namespace sgl
