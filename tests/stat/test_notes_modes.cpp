// The "Try next" steps of assets/notes/teach-modes.md, performed on the preset's live chains as a
// user would (preset_note_run.hpp) and checked for the effect the note promises.
#include <catch2/catch.hpp>
#include <cmath>

#include "app/scenario/experiment.hpp"
#include "app/scenario/scenario_run.hpp"
#include "tests/stat/preset_note_run.hpp"

using namespace sgl;
using namespace sgl::test;

TEST_CASE("note teach-modes / try next 1: at separation 8 only HMC's ensemble still crosses",
          "[stat][note]") {
  // The separation slider moved to 8 in the live session, then Presets → Run the ensemble again
  // (scenario_for_experiment: the live target), at the quick size (100 particles, 1500 steps).
  // A cloud entirely in the left mode has mean x = −4 at separation 8; each particle that
  // crosses moves it by 8/100, so a mean's Monte Carlo sd is at most 0.4 (≈ 0.1 when 1–2 %
  // cross).
  PresetLive live("teach-modes", 10, {"HMC", "SGHMC", "SGLD", "naive SGHMC"});
  TargetSpec wider = live.scenario().target;
  wider.params["separation"] = 8;
  live.engine().set_target(wider);
  live.engine().wait_until_idle();
  const EnsembleResult at8 = run_ensemble(
      quick_version(scenario_for_experiment(live.scenario(), live.engine().session_state())));
  const EnsembleResult at5 = run_ensemble(quick_version(live.scenario()));
  REQUIRE(at8.series.size() == 4);
  std::map<std::string, double> x5, x8;
  for (std::size_t s = 0; s < at8.series.size(); ++s) {
    const std::string& label = at8.series[s].label;
    x8[label] = at8.series[s].checkpoints.back().mean[0];
    x5[label] = at5.series[s].checkpoints.back().mean[0];
    WARN("teach-modes ensemble " << label << ": final mean x at separation 5 " << x5[label]
                                 << ", at 8 " << x8[label]);
    CHECK(x8[label] < x5[label] - 1.5);  // the higher barrier holds every sampler back
  }
  CHECK(x8["SGHMC"] < -3.6);
  CHECK(x8["SGLD"] < -3.6);
  CHECK(x8["HMC"] > x8["SGLD"] + 0.7);  // long trajectories still carry some particles over
}

TEST_CASE("note teach-modes / try next 2: SGHMC with friction 5 crosses far less often",
          "[stat][note]") {
  // Crossings counted between x < −1.5 and x > 1.5 (modes at ±2.5): measured 126 at the preset's
  // C = 0.5 and 39 at C = 5; lowering C to its floor B̂ = 0.05 only reaches 157.
  const std::uint64_t steps = 100000;
  PresetLive base("teach-modes", steps, {"SGHMC"});
  PresetLive high("teach-modes", steps, {"SGHMC"}, {{"SGHMC", 0, {{"friction", 5}}}});
  const int base_crossings = crossings(base.draws("SGHMC"), 1.5, 0, steps);
  const int high_crossings = crossings(high.draws("SGHMC"), 1.5, 0, steps);
  WARN("teach-modes/SGHMC friction 0.5 → 5: mode crossings " << base_crossings << " → "
                                                             << high_crossings);
  CHECK(base_crossings > 60);
  CHECK(high_crossings < 0.5 * base_crossings);
}
