#include "core/samplers/nuts.hpp"

#include <cmath>
#include <limits>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

double log_sum_exp(double a, double b) {
  if (a == -kInfinity) return b;
  if (b == -kInfinity) return a;
  const double top = std::max(a, b);
  return top + std::log(std::exp(a - top) + std::exp(b - top));
}

// The no-U-turn criterion over a tree with summed momentum ρ and end velocities M⁻¹r.
bool no_u_turn(const Vec& sharp_begin, const Vec& sharp_end, const Vec& rho) {
  return sharp_end.dot(rho) > 0.0 && sharp_begin.dot(rho) > 0.0;
}

}  // namespace

NutsSampler::NutsSampler(const Target& target)
    : Sampler(target), inverse_metric_(Vec::Ones(target.dim())) {}

std::vector<ParamDescriptor> NutsSampler::descriptors() {
  return {
      step_size_param(0.1,
                      "Leapfrog step ε; with adapt on only where burn-in starts (dual averaging "
                      "tunes it toward target_accept, then it is frozen)"),
      {"max_depth", "max tree depth", ParamKind::Integer, 1, 15, 10, false,
       "Most doublings of the trajectory: at most 2^depth − 1 leapfrog steps per draw (Stan's "
       "10); draws that hit it explore slowly"},
      {"adapt", "adapt in burn-in", ParamKind::Boolean, 0, 1, 1, false,
       "Tune ε (dual averaging) and the diagonal mass matrix (windowed variances) during "
       "burn-in, then freeze both so the kept chain is exact"},
      {"target_accept", "target acceptance δ", ParamKind::Real, 0.5, 0.99, 0.8, false,
       "Mean acceptance statistic the step-size adaptation aims at (Stan's 0.8); higher means "
       "smaller steps and fewer divergences"},
      {"adapt_steps", "adaptation without burn-in", ParamKind::Integer, 0, 1e6, 1000, false,
       "When the run has no burn-in (the window's chains), ε and the mass matrix adapt over "
       "this many first transitions, whose draws are kept but not exact (the output warns); "
       "with a burn-in the burn-in is used"},
  };
}

std::vector<ChannelDescriptor> NutsSampler::channels() {
  return {{.id = "tree_depth",
           .label = "depth",
           .description = "doublings of the trajectory for this draw (10 = the maximum: the "
                          "trajectory was cut before it turned)",
           .kind = ChannelKind::PerDraw,
           .summary_key = "tree_depth_mean",
           .csv_column = "treedepth",
           .traced = true,
           .metric_column = true},
          {.id = "leapfrog_steps",
           .label = "leapfrogs",
           .description = "leapfrog steps (gradient evaluations) this draw's trajectory took",
           .kind = ChannelKind::PerDraw,
           .summary_key = "leapfrog_per_draw",
           .csv_column = "n_leapfrog",
           .traced = true,
           .log_scale = true,
           .log_floor = 1.0,
           .metric_column = true},
          {.id = "nuts_step_size",
           .label = "ε",
           .description = "the leapfrog step ε of this draw (adapted in burn-in, then fixed)",
           .kind = ChannelKind::PerDraw,
           .summary_key = "step_size",
           .csv_column = "stepsize",
           .traced = true,
           .log_scale = true,
           .log_floor = 1e-9,
           .metric_column = true},
          {.id = "adapting",
           .label = "adapting",
           .description = "share of the recorded part of the run in which ε and the mass matrix "
                          "were still adapting (only without burn-in; those draws are not exact)",
           .kind = ChannelKind::Rate,
           .summary_key = "adapting_fraction"}};
}

void NutsSampler::set_params(const ParamValues& params) {
  const double step = params.at("step_size");
  max_depth_ = static_cast<int>(params.at("max_depth"));
  adapt_ = params.at("adapt") != 0.0;
  target_accept_ = params.at("target_accept");
  adapt_steps_ = static_cast<std::uint64_t>(params.at("adapt_steps"));
  // Only a new `step_size` replaces the adapted ε (any parameter change calls this).
  if (step != step_param_) {
    step_param_ = step;
    step_ = step;
  }
}

void NutsSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  step_ = step_param_;
  inverse_metric_ = Vec::Ones(target_.dim());
  current_.theta = theta_;
  current_.momentum = r_;
  current_.grad.resize(target_.dim());
  current_.potential = target_.potential(theta_.data());
  target_.gradient(theta_.data(), current_.grad.data());
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  counters_.gradient_evaluations += cost;
  counters_.density_evaluations += cost;
}

void NutsSampler::leapfrog(State& state, double step) const {
  state.momentum -= 0.5 * step * state.grad;
  state.theta += step * inverse_metric_.cwiseProduct(state.momentum);
  state.potential = target_.potential(state.theta.data());
  target_.gradient(state.theta.data(), state.grad.data());
  state.momentum -= 0.5 * step * state.grad;
}

double NutsSampler::hamiltonian(const State& state) const {
  double kinetic = 0.0;
  for (Eigen::Index i = 0; i < state.momentum.size(); ++i)
    kinetic += inverse_metric_[i] * state.momentum[i] * state.momentum[i];
  const double h = state.potential + 0.5 * kinetic;
  return std::isnan(h) ? kInfinity : h;
}

void NutsSampler::draw_momentum(State& state, Rng& rng) const {
  for (Eigen::Index i = 0; i < state.momentum.size(); ++i)
    state.momentum[i] = rng.normal() / std::sqrt(inverse_metric_[i]);
}

bool NutsSampler::build_tree(int depth, State& edge, State& proposal, Edge& begin, Edge& end,
                             Vec& rho, double H0, double sign, TrajectoryTotals& totals,
                             double& log_sum_weight, Rng& rng) {
  if (depth == 0) {
    leapfrog(edge, sign * step_);
    ++totals.leapfrog_steps;
    edge.index += sign > 0.0 ? 1 : -1;
    const double h = hamiltonian(edge);
    if (watching_ != nullptr)
      watching_->on_point(watched_iteration_, edge.index, edge.theta, edge.momentum, h);
    if (h - H0 > kDivergenceThreshold) divergent_ = true;
    log_sum_weight = log_sum_exp(log_sum_weight, H0 - h);
    totals.sum_accept += H0 - h > 0.0 ? 1.0 : std::exp(H0 - h);
    proposal = edge;
    begin.momentum = edge.momentum;
    begin.sharp = sharp(edge.momentum);
    end = begin;
    rho += edge.momentum;
    return !divergent_;
  }
  // The first half-subtree, then the second from where the first ended.
  double log_weight_first = -kInfinity;
  Edge first_end;
  Vec rho_first = Vec::Zero(rho.size());
  if (!build_tree(depth - 1, edge, proposal, begin, first_end, rho_first, H0, sign, totals,
                  log_weight_first, rng))
    return false;
  State proposal_second = edge;
  double log_weight_second = -kInfinity;
  Edge second_begin;
  Vec rho_second = Vec::Zero(rho.size());
  if (!build_tree(depth - 1, edge, proposal_second, second_begin, end, rho_second, H0, sign, totals,
                  log_weight_second, rng))
    return false;
  // Uniform progressive sampling between the halves: the second's proposal with its share of
  // the subtree's weight.
  const double log_weight_subtree = log_sum_exp(log_weight_first, log_weight_second);
  log_sum_weight = log_sum_exp(log_sum_weight, log_weight_subtree);
  if (log_weight_second > log_weight_subtree ||
      rng.uniform() < std::exp(log_weight_second - log_weight_subtree))
    proposal = proposal_second;
  const Vec rho_subtree = rho_first + rho_second;
  rho += rho_subtree;
  // Around the merged subtree, and across the merge (each half with the other's nearest state).
  bool keep_going = no_u_turn(begin.sharp, end.sharp, rho_subtree);
  keep_going = keep_going &&
               no_u_turn(begin.sharp, second_begin.sharp, Vec(rho_first + second_begin.momentum));
  keep_going =
      keep_going && no_u_turn(first_end.sharp, end.sharp, Vec(rho_second + first_end.momentum));
  return keep_going;
}

NutsSampler::Transition NutsSampler::transition(Rng& rng) {
  State start = current_;
  draw_momentum(start, rng);
  start.index = 0;
  const double H0 = hamiltonian(start);
  watched_iteration_ = counters_.steps + 1;
  watching_ = observer_ != nullptr && observer_->wants(watched_iteration_) ? observer_ : nullptr;
  if (watching_ != nullptr)
    watching_->on_point(watched_iteration_, 0, start.theta, start.momentum, H0);
  auto stop = TrajectoryObserver::TreeStop::MaxDepth;
  State forward = start, backward = start, sample = start, proposal = start;
  // The two ends of the subtrees on each side: forward subtree (its backward and forward end),
  // backward subtree (its forward and backward end).
  Edge start_edge{start.momentum, sharp(start.momentum)};
  Edge fwd_bck = start_edge, fwd_fwd = start_edge, bck_fwd = start_edge, bck_bck = start_edge;
  Vec rho = start.momentum;
  TrajectoryTotals totals;
  divergent_ = false;
  Transition result;
  while (result.depth < max_depth_) {
    Vec rho_fwd = Vec::Zero(rho.size());
    Vec rho_bck = Vec::Zero(rho.size());
    double log_weight_subtree = -kInfinity;
    bool valid = false;
    if (rng.uniform() > 0.5) {
      rho_bck = rho;
      bck_fwd = fwd_fwd;
      valid = build_tree(result.depth, forward, proposal, fwd_bck, fwd_fwd, rho_fwd, H0, 1.0,
                         totals, log_weight_subtree, rng);
    } else {
      rho_fwd = rho;
      fwd_bck = bck_bck;
      valid = build_tree(result.depth, backward, proposal, bck_fwd, bck_bck, rho_bck, H0, -1.0,
                         totals, log_weight_subtree, rng);
    }
    if (!valid) {
      stop = divergent_ ? TrajectoryObserver::TreeStop::Divergence
                        : TrajectoryObserver::TreeStop::UTurn;
      break;
    }
    ++result.depth;
    // Biased progressive sampling: favour the new subtree.
    if (log_weight_subtree > totals.log_sum_weight ||
        rng.uniform() < std::exp(log_weight_subtree - totals.log_sum_weight)) {
      sample = proposal;
      result.moved = true;
    }
    totals.log_sum_weight = log_sum_exp(totals.log_sum_weight, log_weight_subtree);
    rho = rho_bck + rho_fwd;
    bool keep_going = no_u_turn(bck_bck.sharp, fwd_fwd.sharp, rho);
    keep_going =
        keep_going && no_u_turn(bck_bck.sharp, fwd_bck.sharp, Vec(rho_bck + fwd_bck.momentum));
    keep_going =
        keep_going && no_u_turn(bck_fwd.sharp, fwd_fwd.sharp, Vec(rho_fwd + bck_fwd.momentum));
    if (!keep_going) {
      stop = TrajectoryObserver::TreeStop::UTurn;
      break;
    }
  }
  result.leapfrog_steps = totals.leapfrog_steps;
  result.accept_stat = totals.sum_accept / double(totals.leapfrog_steps);
  result.divergent = divergent_;
  if (watching_ != nullptr) {
    watching_->on_tree(watched_iteration_, result.depth, sample.index, stop);
    watching_->on_decision(watched_iteration_, result.moved, result.accept_stat, result.divergent);
    watching_ = nullptr;  // one transition per wants()
  }
  current_ = sample;
  return result;
}

void NutsSampler::initialise_step(Rng& rng) {
  if (!(step_ > 0.0) || step_ > 1e7) return;
  const auto trial = [&]() {
    State state = current_;
    draw_momentum(state, rng);
    const double H0 = hamiltonian(state);
    leapfrog(state, step_);
    const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
    counters_.gradient_evaluations += cost;
    counters_.density_evaluations += cost;
    return H0 - hamiltonian(state);
  };
  const double log_accept_threshold = std::log(0.8);
  const int direction = trial() > log_accept_threshold ? 1 : -1;
  for (int doubling = 0; doubling < 100; ++doubling) {
    const double delta = trial();
    if (direction == 1 && !(delta > log_accept_threshold)) break;
    if (direction == -1 && !(delta < log_accept_threshold)) break;
    step_ = direction == 1 ? 2.0 * step_ : 0.5 * step_;
    if (step_ > 1e7 || step_ < 1e-300) break;
  }
}

void NutsSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  // Stan adapts in its warm-up; a run without burn-in (the window's live chains) adapts over
  // its first adapt_steps transitions instead, and says so through the `adapting` channel.
  const std::uint64_t warmup = !adapt_ ? 0 : store.burnin() > 0 ? store.burnin() : adapt_steps_;
  for (std::uint64_t s = 0; s < steps; ++s) {
    const std::uint64_t index = counters_.steps;  // 0-based: this transition
    const bool adapting = index < warmup;
    if (adapting && index == 0) {
      initialise_step(rng);
      step_adaptation_.restart(step_);
      metric_adaptation_.configure(warmup);
    }
    const double step_used = step_;
    const Transition t = transition(rng);
    counters_.gradient_evaluations += cost * static_cast<std::uint64_t>(t.leapfrog_steps);
    counters_.density_evaluations += cost * static_cast<std::uint64_t>(t.leapfrog_steps);
    if (adapting) {
      step_ = step_adaptation_.learn(t.accept_stat, target_accept_);
      if (metric_adaptation_.learn(inverse_metric_, current_.theta)) {
        initialise_step(rng);
        step_adaptation_.restart(step_);
      }
      if (index + 1 == warmup) step_ = step_adaptation_.final_step();
    }
    theta_ = current_.theta;
    r_ = current_.momentum;
    const double values[3] = {double(t.depth), double(t.leapfrog_steps), step_used};
    for (int c = 0; c < 3; ++c) channel_tally(static_cast<std::size_t>(c)).add(values[c]);
    channel_tally(3).add(adapting ? 1.0 : 0.0);
    finish_metropolis_step(store, t.moved, t.accept_stat, t.divergent, current_.potential,
                           hamiltonian(current_), values, 3);
    if (adapting && t.divergent) ++counters_.adaptation_divergences;
  }
}

SamplerInfo NutsSampler::info() {
  return {"nuts",
          "NUTS (multinomial, Stan's)",
          "NUTS",
          "Hoffman & Gelman 2014; Betancourt 2017; as Stan's base_nuts (multinomial)",
          "r ~ N(0, M); double the leapfrog trajectory in random directions until a U-turn (depth "
          "≤ 10); draw a state ∝ e^(−H); ε and diagonal M adapted in burn-in",
          NutsSampler::descriptors(),
          sampler_factory<NutsSampler>(),
          {.output_kind = OutputKind::Exact,
           .channels = NutsSampler::channels(),
           .regression_defaults = leapfrog_regression_defaults,
           // A tree of depth D holds 2^D − 1 leapfrog steps; the size check takes the cap.
           .trajectory_points =
               [](const ParamValues& p) {
                 return std::ldexp(1.0, static_cast<int>(param_or(p, "max_depth", 10))) - 1.0;
               },
           .palette_slot = 4}};
}

}  // namespace sgl
