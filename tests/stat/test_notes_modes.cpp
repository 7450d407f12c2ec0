// The "Try next" steps of assets/notes/teach-modes.md, performed on the preset's live chains as a
// user would (preset_note_run.hpp) and checked for the effect the note promises.
#include <catch2/catch.hpp>
#include <cmath>

#include "preset_note_run.hpp"
#include "scenario/experiment.hpp"
#include "scenario/scenario_run.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

double right_mode_fraction(const DrawStore& draws, std::size_t to) {
  std::size_t right = 0;
  for (std::size_t i = 0; i < to; ++i) right += draws.theta(i, 0) > 0.0 ? 1 : 0;
  return static_cast<double>(right) / static_cast<double>(to);
}

}  // namespace

TEST_CASE("note teach-modes, try next 1: at separation 8 no sampler reaches the right mode",
          "[stat][note]") {
  const std::uint64_t steps = 20000;
  const std::vector<std::string> labels{"HMC", "SGHMC", "SGLD", "naive SGHMC"};
  PresetLive live("teach-modes", steps, labels);
  std::map<std::string, double> at5;
  for (const std::string& label : labels)
    at5[label] = right_mode_fraction(live.draws(label), steps);
  TargetSpec wider = live.scenario().target;
  wider.params["separation"] = 8;
  live.engine().set_target(wider);
  live.run_until(steps);
  for (const std::string& label : labels) {
    const double at8 = right_mode_fraction(live.draws(label), steps);
    WARN("teach-modes/" << label << " separation 5 → 8: fraction in the right mode " << at5[label]
                        << " → " << at8);
    CHECK(at8 < 0.01);
  }
  CHECK(at5["HMC"] > 0.2);

  // The ensemble run again on the live target (Presets → Run the ensemble again), quick size:
  // every cloud's mean x stays at the left mode, −4, instead of moving towards 0.
  const EnsembleResult at8 = run_ensemble(
      quick_version(scenario_for_experiment(live.scenario(), live.engine().session_state())));
  const EnsembleResult at5_ensemble = run_ensemble(quick_version(live.scenario()));
  for (std::size_t s = 0; s < at8.series.size(); ++s) {
    const double x8 = at8.series[s].checkpoints.back().mean[0];
    const double x5 = at5_ensemble.series[s].checkpoints.back().mean[0];
    WARN("teach-modes ensemble " << at8.series[s].label << ": final mean x at separation 5 " << x5
                                 << ", at 8 " << x8);
    CHECK(x8 < -3.5);
  }
}

TEST_CASE("note teach-modes, try next 2: SGHMC with less friction crosses more often",
          "[stat][note]") {
  const std::uint64_t steps = 100000;
  PresetLive base("teach-modes", steps, {"SGHMC"});
  PresetLive low("teach-modes", steps, {"SGHMC"}, {{"SGHMC", 0, {{"friction", 0.1}}}});
  const int base_crossings = crossings(base.draws("SGHMC"), 1.5, 0, steps);
  const int low_crossings = crossings(low.draws("SGHMC"), 1.5, 0, steps);
  WARN("teach-modes/SGHMC friction 0.5 → 0.1: mode crossings " << base_crossings << " → "
                                                               << low_crossings);
  CHECK(low_crossings > 2 * base_crossings + 5);
}
