// The trajectory observer (trajectory_observer.hpp) reports the path the sampler really takes:
// observing changes no draw; every iteration has L + 1 points and a decision; an accepted path
// ends at the chain's next draw and a rejected one leaves the chain at its start; the reported
// H is the one the MH test compares; and along an HMC path H is conserved to O(ε²).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/run/chain.hpp"
#include "core/run/recorded_trajectory.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

struct Setup {
  std::string sampler;
  ParamValues params;
  bool data_target = false;
  int points_per_iteration = 0;
};

std::shared_ptr<const Target> target_for(const Setup& setup) {
  if (setup.data_target)
    return make_target({"logistic", {{"n", 300.0}, {"d", 2.0}, {"seed", 3.0}}, "", "y"});
  return make_target({"gauss2d", {}, "", "y"});
}

// Every sampler that reports trajectories, with settings that give both accepts and rejects.
std::vector<Setup> observed_setups() {
  return {
      {"hmc", {{"step_size", 0.45}, {"leapfrog_steps", 7}}, false, 8},
      {"naive-sghmc", {{"step_size", 0.3}, {"leapfrog_steps", 5}, {"mh", 1}}, false, 6},
      {"naive-sghmc", {{"step_size", 0.1}, {"leapfrog_steps", 5}}, false, 2},
      {"sghmc", {{"step_size", 0.1}, {"resample_every", 7}}, false, 2},
      {"hmcecs", {{"step_size", 0.6}, {"leapfrog_steps", 4}}, true, 5},
      {"hmcecs-signed", {{"step_size", 0.6}, {"leapfrog_steps", 4}}, true, 5},
  };
}

Chain make_chain(const Setup& setup, std::uint64_t seed, std::uint64_t burnin = 0) {
  const auto target = target_for(setup);
  return Chain(target, setup.sampler, setup.params, seed, target->default_init(), burnin, 1);
}

std::vector<const TrajectoryPoint*> points_of(const RecordedTrajectory& path,
                                              std::uint64_t iteration) {
  std::vector<const TrajectoryPoint*> points;
  for (const TrajectoryPoint& point : path.points)
    if (point.iteration == iteration) points.push_back(&point);
  return points;
}

bool same_theta(const std::vector<double>& theta, const DrawStore& draws, std::size_t draw) {
  for (std::size_t c = 0; c < theta.size(); ++c)
    if (theta[c] != draws.theta(draw, int(c))) return false;
  return true;
}

// max_k |H_k − H_0| along the first path from a fixed start and momentum: ε·L = 1 throughout.
double first_path_energy_error(double step_size, std::uint64_t seed) {
  const Setup setup{
      "hmc", {{"step_size", step_size}, {"leapfrog_steps", std::round(1.0 / step_size)}}, false, 0};
  Chain chain = make_chain(setup, seed);
  RecordedTrajectory path;
  TrajectoryRecorder recorder(path, 100000);
  chain.set_trajectory_observer(&recorder);
  chain.run(1);
  double worst = 0.0;
  for (const TrajectoryPoint& point : path.points)
    worst = std::max(worst, std::abs(point.hamiltonian - path.points.front().hamiltonian));
  return worst;
}

}  // namespace

TEST_CASE("trajectory observer changes no draw", "[trajectory]") {
  for (const Setup& setup : observed_setups()) {
    INFO(setup.sampler);
    Chain plain = make_chain(setup, 11), watched = make_chain(setup, 11);
    REQUIRE(watched.sampler().observes_trajectories());
    RecordedTrajectory path;
    TrajectoryRecorder recorder(path, 1u << 20);
    watched.set_trajectory_observer(&recorder);
    plain.run(150);
    watched.run(150);
    REQUIRE(plain.draws().size() == watched.draws().size());
    for (std::size_t i = 0; i < plain.draws().size(); ++i)
      for (int c = 0; c < plain.draws().dim(); ++c)
        REQUIRE(plain.draws().theta(i, c) == watched.draws().theta(i, c));
    REQUIRE(plain.counters().mh_accepts == watched.counters().mh_accepts);
    REQUIRE(path.decisions.size() == 150);
  }
}

TEST_CASE("each observed path ends at the next draw (accepted) or stays (rejected)",
          "[trajectory]") {
  for (const Setup& setup : observed_setups()) {
    INFO(setup.sampler);
    Chain chain = make_chain(setup, 5);
    RecordedTrajectory path;
    TrajectoryRecorder recorder(path, 1u << 20);
    chain.set_trajectory_observer(&recorder);
    chain.run(200);
    const DrawStore& draws = chain.draws();
    REQUIRE(draws.size() == 200);
    REQUIRE(path.points.size() == 200 * std::size_t(setup.points_per_iteration));
    int accepted = 0, rejected = 0;
    for (std::size_t i = 0; i < draws.size(); ++i) {
      const std::uint64_t iteration = draws.iteration(i);
      INFO("iteration " << iteration);
      const auto points = points_of(path, iteration);
      REQUIRE(int(points.size()) == setup.points_per_iteration);
      for (std::size_t k = 0; k < points.size(); ++k) REQUIRE(points[k]->leapfrog == int(k));
      const TrajectoryDecision* decision = path.decision_of(iteration);
      REQUIRE(decision != nullptr);
      REQUIRE(decision->accepted == draws.accepted(i));
      // The path starts where the chain was: the previous draw.
      if (i > 0) REQUIRE(same_theta(points.front()->theta, draws, i - 1));
      if (decision->accepted) {
        ++accepted;
        REQUIRE(same_theta(points.back()->theta, draws, i));
      } else {
        ++rejected;
        REQUIRE(same_theta(points.front()->theta, draws, i));
      }
      if (setup.points_per_iteration > 2 && !decision->divergent) {
        // The reported H is the MH test's: p = min(1, exp(H₀ − H_L)).
        const double delta = points.back()->hamiltonian - points.front()->hamiltonian;
        const double expected = delta <= 0.0 ? 1.0 : std::exp(-delta);
        REQUIRE(decision->accept_prob == Approx(expected).epsilon(1e-9).margin(1e-12));
      }
    }
    REQUIRE(accepted > 10);
    if (setup.points_per_iteration > 2) REQUIRE(rejected > 10);  // MH samplers only
  }
}

TEST_CASE("observers see only the iterations they want", "[trajectory]") {
  struct EveryThird final : TrajectoryObserver {
    std::vector<std::uint64_t> seen;
    bool wants(std::uint64_t iteration) override { return iteration % 3 == 0; }
    void on_point(std::uint64_t iteration, int leapfrog, const Vec&, const Vec&, double) override {
      if (leapfrog == 0) seen.push_back(iteration);
    }
    void on_decision(std::uint64_t, bool, double, bool) override {}
  };
  for (const Setup& setup : observed_setups()) {
    INFO(setup.sampler);
    Chain chain = make_chain(setup, 2);
    EveryThird observer;
    chain.set_trajectory_observer(&observer);
    chain.run(30);
    REQUIRE(observer.seen == std::vector<std::uint64_t>{3, 6, 9, 12, 15, 18, 21, 24, 27, 30});
  }
}

TEST_CASE("along an HMC path H is conserved to O(eps^2)", "[trajectory]") {
  // Same start, same momentum, same path length ε·L = 1: halving ε divides the energy error by
  // 4 for a second-order integrator. A sign error in a kick makes H drift by O(1); a missing
  // half kick leaves a first-order scheme whose error only halves.
  double coarse = 0.0, fine = 0.0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    coarse += first_path_energy_error(0.1, seed);
    fine += first_path_energy_error(0.05, seed);
  }
  INFO("sum of max |dH|: eps 0.1 " << coarse << ", eps 0.05 " << fine);
  REQUIRE(coarse < 5 * 0.5);  // |ΔH| ≲ 0.5 per path at ε = 0.1 on gauss2d (λ_max = 10)
  REQUIRE(coarse / fine > 3.5);
  REQUIRE(coarse / fine < 4.5);
}
