// The "Try next" steps of the notes on Gaussian targets (assets/notes/chen-fig2.md, chen-fig3.md,
// teach-momentum.md, teach-step-size.md), each performed on the preset's live chains as a user
// would (preset_note_run.hpp) and checked for the effect the note promises.
#include <catch2/catch.hpp>
#include <cmath>

#include "app/scenario/experiment.hpp"
#include "app/scenario/scenario_run.hpp"
#include "tests/stat/preset_note_run.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

// The most negative autocorrelation of coordinate 0 over lags 1..max_lag (oscillation).
double most_negative_autocorrelation(const std::vector<double>& x, std::size_t max_lag) {
  const double mean = mean_of(x);
  double var = 0.0;
  for (double v : x) var += (v - mean) * (v - mean);
  double lowest = 1.0;
  for (std::size_t lag = 1; lag <= max_lag; ++lag) {
    double sum = 0.0;
    for (std::size_t i = lag; i < x.size(); ++i) sum += (x[i] - mean) * (x[i - lag] - mean);
    lowest = std::min(lowest, sum / var);
  }
  return lowest;
}

}  // namespace

TEST_CASE("note chen-fig2 / try next 1: switching the noisy chain to SGHMC stops the spiral",
          "[stat][note]") {
  const std::uint64_t steps = 15000;
  PresetLive live("chen-fig2", steps, {"noisy"});
  const double h_noisy = mean_hamiltonian(live.draws("noisy"), steps - 5000, steps);
  live.engine().set_chain_sampler(live.id("noisy"), "sghmc",
                                  {{"step_size", 0.1}, {"noise_var", 4}});
  live.run_until(steps);
  const DrawStore sghmc = live.draws("noisy");
  const double h_sghmc = mean_hamiltonian(sghmc, steps - 5000, steps);
  const double max_sghmc = max_hamiltonian(sghmc, 0, steps);
  WARN("chen-fig2/noisy → SGHMC (default C = 1, B̂ = 0): mean H over the last 5000 steps "
       << h_noisy << " → " << h_sghmc << " (max " << max_sghmc << ")");
  CHECK(h_noisy > 100);
  CHECK(h_sghmc < 2.0);
  CHECK(max_sghmc < 20.0);
}

TEST_CASE("note chen-fig2 / try next 2: gradient noise 4 makes the exact orbit drift",
          "[stat][note]") {
  const std::uint64_t change = 5000, steps = 15000;
  PresetLive live("chen-fig2", steps, {"exact"}, {{"exact", change, {{"noise_var", 4}}}});
  const DrawStore exact = live.draws("exact");
  const double h0 = exact.hamiltonian(0);
  double drift_before = 0.0;
  for (std::size_t i = 0; i < change; ++i)
    drift_before = std::max(drift_before, std::abs(exact.hamiltonian(i) - h0));
  const double h_after = mean_hamiltonian(exact, steps - 2000, steps);
  WARN("chen-fig2/exact V 0 → 4 at step 5000: H " << h0 << ", largest drift before " << drift_before
                                                  << ", mean H at the end " << h_after);
  CHECK(drift_before < 0.01 * (1 + h0));
  CHECK(h_after > h0 + 100);
}

TEST_CASE("note chen-fig3 / try next 1: SGHMC's friction trades oscillation for diffusion",
          "[stat][note]") {
  const std::uint64_t steps = 200000;
  PresetLive base("chen-fig3", steps, {"SGHMC", "SGLD"});
  PresetLive low("chen-fig3", steps, {"SGHMC"}, {{"SGHMC", 0, {{"friction", 0.3}}}});
  PresetLive high("chen-fig3", steps, {"SGHMC"}, {{"SGHMC", 0, {{"friction", 10}}}});
  const DrawStore d_base = base.draws("SGHMC"), d_low = low.draws("SGHMC");
  const DrawStore d_high = high.draws("SGHMC");
  const double iat_base = iat(d_base, 0, 0, steps), iat_low = iat(d_low, 0, 0, steps);
  const double iat_high = iat(d_high, 0, 0, steps);
  const double iat_sgld = iat(base.draws("SGLD"), 0, 0, steps);
  const double neg_low = most_negative_autocorrelation(theta_series(d_low, 0, 0, steps), 300);
  const double neg_base = most_negative_autocorrelation(theta_series(d_base, 0, 0, steps), 300);
  WARN("chen-fig3/SGHMC friction 0.3 / 1 / 10: IAT "
       << iat_low << " / " << iat_base << " / " << iat_high << " (SGLD " << iat_sgld
       << "); most negative ρ " << neg_low << " / " << neg_base);
  CHECK(iat_low < iat_base);
  CHECK(neg_low < -0.1);
  CHECK(iat_high > 6 * iat_base);  // the note: "about ten times longer"
}

TEST_CASE("note teach-momentum / try next 1: friction damps SGHMC into a random walk",
          "[stat][note]") {
  const std::uint64_t steps = 100000;
  PresetLive base("teach-momentum", steps, {"SGHMC", "SGLD"});
  PresetLive high("teach-momentum", steps, {"SGHMC"}, {{"SGHMC", 0, {{"friction", 10}}}});
  const double iat_base = iat(base.draws("SGHMC"), 0, 0, steps);
  const double iat_high = iat(high.draws("SGHMC"), 0, 0, steps);
  const double iat_sgld = iat(base.draws("SGLD"), 0, 0, steps);
  WARN("teach-momentum/SGHMC friction 0.3 → 10: IAT " << iat_base << " → " << iat_high << " (SGLD "
                                                      << iat_sgld << ")");
  CHECK(iat_high > 8 * iat_base);  // the note: "from about 30 to about 400"
}

TEST_CASE("note teach-momentum / try next 2: longer HMC trajectories help until they U-turn",
          "[stat][note]") {
  const std::uint64_t steps = 4000;
  std::vector<double> iats;
  for (int leapfrog : {40, 90, 180}) {
    PresetLive run("teach-momentum", steps, {"HMC"}, {{"HMC", 0, {{"leapfrog_steps", leapfrog}}}});
    iats.push_back(iat(run.draws("HMC"), 0, 0, steps));
  }
  WARN("teach-momentum/HMC leapfrog steps 40 / 90 / 180: IAT " << iats[0] << " / " << iats[1]
                                                               << " / " << iats[2]);
  CHECK(iats[1] < 0.5 * iats[0]);
  CHECK(iats[2] > 2 * iats[1]);
}

TEST_CASE("note teach-step-size / try next 1: HMC's acceptance recovers below ε = 0.63",
          "[stat][note]") {
  const std::uint64_t change = 2000, steps = 5000;
  const std::string label = "HMC ε = 0.7 (unstable)";
  PresetLive live("teach-step-size", steps, {label}, {{label, change, {{"step_size", 0.5}}}});
  const DrawStore draws = live.draws(label);
  const double before = accept_fraction(draws, 0, change);
  const double after = accept_fraction(draws, change, steps);
  WARN("teach-step-size/HMC ε 0.7 → 0.5: acceptance " << before << " → " << after);
  CHECK(before < 0.01);
  CHECK(after > 0.5);
}

TEST_CASE("note teach-step-size / try next 2: the stopped SGLD chain runs again after reset",
          "[stat][note]") {
  const std::uint64_t steps = 5000;
  const std::string label = "SGLD ε = 0.45 (unstable)";
  PresetLive live("teach-step-size", steps, {label});
  const ChainSnapshot stopped = live.snapshot(label);
  REQUIRE(stopped.stopped);
  CHECK(!stopped.stop_reason.empty());
  ParamValues params = stopped.params;
  params["step_size"] = 0.3;
  live.engine().set_chain_params(live.id(label), params);
  live.engine().reset_chain(live.id(label));
  live.run_until(steps);
  const ChainSnapshot running = live.snapshot(label);
  const double m2 = mean_square(theta_series(live.draws(label), 0, 500, steps));
  WARN("teach-step-size/SGLD ε 0.45 stopped ("
       << stopped.stop_reason << ") → 0.3 reset: " << running.counters.steps << " steps, E[θ₀²] "
       << m2);
  CHECK(!running.stopped);
  CHECK(running.counters.steps >= steps);
  CHECK(m2 < 3.0);
}

TEST_CASE("note chen-fig3 / try next 2: the sweep run again follows the raised gradient noise",
          "[stat][note]") {
  // Both chains' gradient noise V 1 → 4 in the live session, then Presets → Run the sweep again
  // (scenario_for_experiment: the live chains' parameters), at the quick sizes (2·10⁵ draws per
  // run) and the two larger step sizes, to keep the test short.
  auto shortened = [](Scenario scenario) {
    scenario = quick_version(scenario);
    scenario.sweep->values = {0.06, 0.1};
    return scenario;
  };
  PresetLive live("chen-fig3", 10, {"SGHMC", "SGLD"});
  const SweepResult before = run_sweep(shortened(live.scenario()));
  for (const std::string label : {"SGHMC", "SGLD"}) {
    ParamValues params = live.snapshot(label).params;
    params["noise_var"] = 4;
    live.engine().set_chain_params(live.id(label), params);
  }
  live.engine().wait_until_idle();
  const SweepResult after =
      run_sweep(shortened(scenario_for_experiment(live.scenario(), live.engine().session_state())));
  REQUIRE(after.points.size() == before.points.size());
  for (std::size_t i = 0; i < after.points.size(); ++i) {
    const SweepPoint &old_point = before.points[i], &new_point = after.points[i];
    WARN("chen-fig3 sweep " << old_point.label << " ε = " << old_point.value << ": cov error "
                            << old_point.cov_error << " → " << new_point.cov_error);
    // The noise's bias dominates the Monte Carlo error at these steps: measured ×2–×4.
    CHECK(new_point.cov_error > 1.5 * old_point.cov_error);
  }
}
