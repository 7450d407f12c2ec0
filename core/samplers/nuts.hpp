// The No-U-Turn Sampler with multinomial sampling, as Stan runs it (Hoffman & Gelman 2014;
// Betancourt 2017, "A Conceptual Introduction to Hamiltonian Monte Carlo", §A.3–A.4; Stan's
// base_nuts.hpp, whose structure this follows in our own code), with a diagonal metric:
//   r ~ N(0, M), M = diag(1/m);  H(θ, r) = U(θ) + ½ rᵀ diag(m) r;
//   the trajectory doubles in a random direction (forward or backward in time) with leapfrog
//   steps of ε; each new subtree is built recursively, and every state z on it weighs e^(−H(z));
//   the draw moves to the new subtree with probability min(1, w_new / w_old) (biased progressive
//   sampling at the top level, uniform progressive sampling inside subtrees);
//   it stops at a U-turn, (M⁻¹r₋)·ρ ≤ 0 or (M⁻¹r₊)·ρ ≤ 0 with ρ the summed momenta over a tree,
//   checked on every subtree and, as Stan does since 2.21, also across each merge (the tree with
//   the neighbouring subtree's first state), at a divergence (H − H₀ > 1000, the subtree is
//   discarded), or at depth `max_depth` (2^depth − 1 leapfrog steps at most).
// The acceptance statistic is Stan's: the mean of min(1, e^(H₀ − H)) over all the trajectory's
// states. During burn-in ε and m adapt (nuts_adaptation.hpp); after it both are frozen, so the
// kept chain is exact. A run without burn-in (the window's live chains) adapts over its first
// `adapt_steps` transitions instead; those draws are recorded, and the `adapting` channel (the
// share of the recorded run spent adapting) makes every output warn. Per leapfrog step one U and
// one ∇U. Info channels: tree depth, leapfrog steps and ε of each draw; divergences are counted as
// every MH sampler's.
#pragma once

#include "core/samplers/nuts_adaptation.hpp"
#include "core/samplers/sampler.hpp"
#include "core/samplers/sampler_channels.hpp"

namespace sgl {

class NutsSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit NutsSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool uses_metropolis() const override { return true; }
  // Every leapfrog point of the tree, a doubling at a time (trajectory_observer.hpp: on_tree).
  bool observes_trajectories() const override { return true; }
  const char* divergence_hint() const override {
    return "a longer burn-in, a higher target_accept or a reparameterisation";
  }

  static std::vector<ParamDescriptor> descriptors();
  static std::vector<ChannelDescriptor> channels();

  double step_size() const { return step_; }
  const Vec& inverse_metric() const { return inverse_metric_; }

  // One point of phase space with its U and ∇U (cached: the leapfrog needs ∇U at both ends).
  struct State {
    Vec theta;
    Vec momentum;
    Vec grad;
    double potential = 0.0;
    int index = 0;  // signed leapfrog steps from the transition's start (for an observer)
  };

 private:
  // What build_tree reports of a subtree's two ends (in the order it was built).
  struct Edge {
    Vec momentum;
    Vec sharp;  // M⁻¹r
  };
  struct TrajectoryTotals {
    int leapfrog_steps = 0;
    double log_sum_weight = 0.0;
    double sum_accept = 0.0;
  };

  void leapfrog(State& state, double step) const;
  double hamiltonian(const State& state) const;
  Vec sharp(const Vec& momentum) const { return inverse_metric_.cwiseProduct(momentum); }
  void draw_momentum(State& state, Rng& rng) const;
  bool build_tree(int depth, State& edge, State& proposal, Edge& begin, Edge& end, Vec& rho,
                  double H0, double sign, TrajectoryTotals& totals, double& log_sum_weight,
                  Rng& rng);
  // Stan's base_hmc::init_stepsize: doubles or halves ε until one leapfrog step's acceptance
  // e^(H₀ − H) crosses 0.8.
  void initialise_step(Rng& rng);

  struct Transition {
    double accept_stat = 0.0;
    int depth = 0;
    int leapfrog_steps = 0;
    bool divergent = false;
    bool moved = false;
  };
  Transition transition(Rng& rng);

  double step_param_ = 0.1;
  int max_depth_ = 10;
  bool adapt_ = true;
  double target_accept_ = 0.8;
  std::uint64_t adapt_steps_ = 1000;  // adaptation length when the run has no burn-in
  double step_ = 0.1;                 // ε now
  Vec inverse_metric_;                // m = diag(M⁻¹)
  State current_;
  bool divergent_ = false;  // in the transition being built
  // The observer of the transition being built, if it wants this iteration (null otherwise).
  TrajectoryObserver* watching_ = nullptr;
  std::uint64_t watched_iteration_ = 0;
  DualAveragingStepSize step_adaptation_;
  WindowedVarianceAdaptation metric_adaptation_;
};

}  // namespace sgl
