// Chen, Fox & Guestrin 2014, Figs. 1 and 2, as assertions.
#include <catch2/catch.hpp>

#include "diagnostics/distance.hpp"
#include "diagnostics/histogram.hpp"
#include "stat_helpers.hpp"
#include "targets/truth_grid.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

// TV between a chain's 50-bin histogram on the view box and the true double-well density.
double tv_to_truth(const Chain& chain) {
  const auto box = chain.target().view_box();
  Histogram1D histogram(box[0].lo, box[0].hi, 50);
  for (std::size_t i = 0; i < chain.draws().size(); ++i) histogram.add(chain.draws().theta(i, 0));
  return distance_to_truth(histogram, *chain.target().truth(), 0).tv;
}

// Mean of H over all chains at recorded draw index `i`.
double mean_energy_at(const std::vector<std::unique_ptr<Chain>>& chains, std::size_t i) {
  double sum = 0.0;
  for (const auto& chain : chains) sum += chain->draws().hamiltonian(i);
  return sum / double(chains.size());
}

}  // namespace

TEST_CASE("Chen Fig. 1: naive SGHMC without MH misses the double well; SGHMC matches it",
          "[stat][chen]") {
  // U = −2θ² + θ⁴, ∇Ũ = ∇U + N(0, 4), ε = 0.1, momentum resampled every 50 steps (naive).
  // SGHMC uses C = 1 and B̂ = ½εV = 0.2, the true gradient-noise diffusion.
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  const std::uint64_t steps = 300000, burnin = 1000;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto naive = run_chain(target, "naive-sghmc",
                           {{"step_size", 0.1}, {"leapfrog_steps", 50}, {"noise_var", 4}}, seed,
                           steps, burnin);
    auto naive_mh =
        run_chain(target, "naive-sghmc",
                  {{"step_size", 0.1}, {"leapfrog_steps", 50}, {"noise_var", 4}, {"mh", 1}}, seed,
                  steps / 10, burnin / 10);
    auto sghmc =
        run_chain(target, "sghmc",
                  {{"step_size", 0.1}, {"friction", 1}, {"noise_estimate", 0.2}, {"noise_var", 4}},
                  seed, steps, burnin);
    auto hmc = run_chain(target, "hmc", {{"step_size", 0.1}, {"leapfrog_steps", 50}}, seed,
                         steps / 10, burnin / 10);
    const double tv_naive = tv_to_truth(*naive), tv_naive_mh = tv_to_truth(*naive_mh);
    const double tv_sghmc = tv_to_truth(*sghmc), tv_hmc = tv_to_truth(*hmc);
    INFO("seed " << seed << ": TV naive " << tv_naive << ", naive+MH " << tv_naive_mh << ", SGHMC "
                 << tv_sghmc << ", HMC " << tv_hmc);
    // Measured (seeds 1–3): naive 0.102–0.108; naive+MH 0.021–0.026 (30k trajectories);
    // SGHMC 0.007–0.010; HMC 0.012–0.018 (30k trajectories). The finite-sample floor of a 50-bin TV
    // at these ESS is ≈ 0.01–0.02 (distance.hpp), so 0.03 is "matches" and naive's 0.11 is a real,
    // systematic miss: its energy random-walks between resamplings and the histogram is too wide.
    CHECK(tv_sghmc < 0.03);
    CHECK(tv_hmc < 0.03);
    CHECK(tv_naive_mh < 0.04);
    CHECK(tv_naive > 0.07);
    CHECK(tv_naive > 4 * tv_sghmc);
  }
}

TEST_CASE("Chen Fig. 2: frictionless noisy dynamics gain energy; friction keeps it bounded",
          "[stat][chen]") {
  // U = ½θ², ∇Ũ = θ + N(0, 4), ε = 0.1, 15000 steps from (θ, r) = (0, r₀).
  auto target = make_target({"harmonic", {}, "", "y"});
  std::vector<std::unique_ptr<Chain>> noisy, friction, exact;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    noisy.push_back(run_chain(target, "naive-sghmc",
                              {{"step_size", 0.1}, {"leapfrog_steps", 0}, {"noise_var", 4}}, seed,
                              15000));
    friction.push_back(
        run_chain(target, "sghmc",
                  {{"step_size", 0.1}, {"friction", 1}, {"noise_estimate", 0.2}, {"noise_var", 4}},
                  seed, 15000));
    exact.push_back(run_chain(target, "naive-sghmc",
                              {{"step_size", 0.1}, {"leapfrog_steps", 0}, {"noise_var", 0}}, seed,
                              15000));
  }
  for (const auto& chains : {&noisy, &friction, &exact})
    for (const auto& chain : *chains) REQUIRE(!chain->stopped());

  // Each noisy kick adds N(0, ε²V) to r, so E[H] grows by ε²V/2 = 0.02 per step: ≈ +300 by the
  // end. Its sd across 20 chains is ≈ 300·√2/√20 ≈ 95, so > 150 and monotone windows are safe.
  const double noisy_early = mean_energy_at(noisy, 999), noisy_mid = mean_energy_at(noisy, 7499);
  const double noisy_end = mean_energy_at(noisy, 14999);
  INFO("noisy E[H] at steps 1000/7500/15000: " << noisy_early << " " << noisy_mid << " "
                                               << noisy_end);
  CHECK(noisy_end > 150);
  CHECK(noisy_mid > noisy_early);
  CHECK(noisy_end > noisy_mid);

  // With friction C = 1 and B̂ = B the stationary E[H] = 1 (d = 1); over the last 10000 steps
  // of 20 chains the average must be near 1 and no chain may wander off.
  double sum = 0, max_energy = 0;
  std::size_t count = 0;
  for (const auto& chain : friction)
    for (std::size_t i = 5000; i < chain->draws().size(); ++i) {
      sum += chain->draws().hamiltonian(i);
      max_energy = std::max(max_energy, chain->draws().hamiltonian(i));
      ++count;
    }
  INFO("friction: mean H " << sum / count << ", max H " << max_energy);
  // H ~ Exp(1)-like per step with IAT ≈ 10–20: the MCSE of the mean over 20×10000 draws is ≈ 0.01.
  CHECK(std::abs(sum / count - 1.0) < 0.1);
  CHECK(max_energy < 25);

  // Exact Hamiltonian dynamics (V = 0, never resampled): a closed orbit, H conserved to O(ε²).
  for (const auto& chain : exact) {
    const double h0 = chain->draws().hamiltonian(0);
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      REQUIRE(std::abs(chain->draws().hamiltonian(i) - h0) < 0.01 * (1 + h0));
  }
}
