// A chain's health under its current settings (unstable, stuck, too slow), the counts kept per
// settings segment, "forget draws before this change", and which settings "last stable" offers
// after a slider drag broke a chain (issue 24, points 5 and 6).
#include <catch2/catch.hpp>
#include <memory>

#include "core/run/chain.hpp"
#include "core/run/chain_health.hpp"
#include "core/run/live_chain_stats.hpp"
#include "core/run/param_undo_stack.hpp"
#include "core/run/stable_settings.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> double_well() {
  return make_target({"chen-doublewell", {}, "", "y"});
}

// The health a live snapshot would show for `chain` (as live_chain_view.cpp computes it).
ChainHealth health_of(const Chain& chain) {
  std::vector<double> widths;
  for (const Interval& range : chain.target().view_box()) widths.push_back(range.hi - range.lo);
  const RecentMotion motion =
      recent_motion(chain.draws(), chain.settings_start_step(), widths, 1000);
  const SamplerCounters segment = chain.settings_counters();
  return assess_chain_health(segment, segment.mh_proposals > 0, motion);
}

}  // namespace

TEST_CASE("chain health: thresholds on counts and motion", "[health]") {
  RecentMotion moving;
  moving.steps = 999;
  moving.draws = 1000;
  moving.accepted_share = 0.9;
  moving.step_fraction = {0.05};    // 400 steps to cross by diffusion
  moving.spread_fraction = {0.15};  // 999 / 0.0225 ≈ 4·10⁴
  SamplerCounters segment;
  segment.steps = segment.mh_proposals = 1000;
  segment.mh_accepts = 900;
  CHECK(assess_chain_health(segment, true, moving).state == ChainHealthState::Ok);

  SamplerCounters diverging = segment;
  diverging.divergences = 1000;
  ChainHealth health = assess_chain_health(diverging, true, moving);
  CHECK(health.state == ChainHealthState::Unstable);
  CHECK(health.finding == "every trajectory diverges");
  diverging.divergences = 600;
  CHECK(assess_chain_health(diverging, true, moving).finding == "60% of trajectories diverge");
  diverging.divergences = 999;  // never rounded up to "100%"
  CHECK(assess_chain_health(diverging, true, moving).finding == "over 99% of trajectories diverge");
  diverging.divergences = 100;  // 10%: rejected now and then, still a working chain
  CHECK(assess_chain_health(diverging, true, moving).state == ChainHealthState::Ok);

  RecentMotion rejecting = moving;
  rejecting.accepted_share = 0.01;
  CHECK(assess_chain_health(segment, true, rejecting).state == ChainHealthState::Stuck);
  // Without MH, "accepted" means nothing.
  CHECK(assess_chain_health(segment, false, rejecting).state == ChainHealthState::Ok);

  RecentMotion creeping = moving;
  creeping.step_fraction = {0.001};   // 10⁶ steps by diffusion
  creeping.spread_fraction = {0.02};  // 999 / 4·10⁻⁴ ≈ 2.5·10⁶
  health = assess_chain_health(segment, true, creeping);
  CHECK(health.state == ChainHealthState::TooSlow);
  CHECK(health.finding.find("steps to cross the target") != std::string::npos);
  // Small steps in a constant direction cross quickly: not too slow.
  RecentMotion drifting = creeping;
  drifting.spread_fraction = {0.3};
  CHECK(assess_chain_health(segment, true, drifting).state == ChainHealthState::Ok);

  // Just after a change there is no verdict yet.
  SamplerCounters fresh = diverging;
  fresh.steps = fresh.mh_proposals = fresh.divergences = 50;
  CHECK(assess_chain_health(fresh, true, rejecting).state == ChainHealthState::Ok);
}

TEST_CASE("chain health: HMC on the double well at the ε slider's ends", "[health]") {
  const auto target = double_well();
  auto run_hmc = [&](double step_size) {
    Chain chain(target, "hmc", {{"step_size", 0.1}, {"leapfrog_steps", 50}}, 7,
                target->default_init(), 0, 1, 1u << 16);
    chain.run(500);
    chain.set_params({{"step_size", step_size}, {"leapfrog_steps", 50}});
    chain.run(2000);
    return health_of(chain);
  };
  CHECK(run_hmc(0.1).state == ChainHealthState::Ok);
  const ChainHealth unstable = run_hmc(2.12);  // 3 × the leapfrog limit 2/√8: the slider's top
  CHECK(unstable.state == ChainHealthState::Unstable);
  const ChainHealth slow = run_hmc(0.000212);  // the slider's bottom
  CHECK(slow.state == ChainHealthState::TooSlow);

  // SGLD and SGHMC at their default settings (the default scenario) are fine.
  Chain sgld(target, "sgld", {{"step_size", 0.05}, {"noise_var", 4}}, 3, target->default_init(), 0,
             1, 1u << 16);
  sgld.run(3000);
  CHECK(health_of(sgld).state == ChainHealthState::Ok);
  Chain sghmc(target, "sghmc",
              {{"step_size", 0.1}, {"friction", 1}, {"noise_estimate", 0.2}, {"noise_var", 4}}, 4,
              target->default_init(), 0, 1, 1u << 16);
  sghmc.run(3000);
  CHECK(health_of(sghmc).state == ChainHealthState::Ok);
  // SGLD at its slider's bottom (1.5·10⁻⁴) barely moves.
  Chain creeping(target, "sgld", {{"step_size", 0.00015}, {"noise_var", 4}}, 3,
                 target->default_init(), 0, 1, 1u << 16);
  creeping.run(3000);
  CHECK(health_of(creeping).state == ChainHealthState::TooSlow);
}

TEST_CASE("settings segment: divergences counted since the last change, not the whole run",
          "[health]") {
  const auto target = double_well();
  Chain chain(target, "hmc", {{"step_size", 2.12}, {"leapfrog_steps", 50}}, 7,
              target->default_init(), 0, 1, 1u << 16);
  chain.run(300);
  const std::uint64_t diverged = chain.counters().divergences;
  REQUIRE(diverged > 250);
  CHECK(chain.settings_counters().divergences == diverged);
  chain.set_params({{"step_size", 0.1}, {"leapfrog_steps", 50}});
  chain.run(400);
  CHECK(chain.settings_start_step() == 300);
  CHECK(chain.settings_counters().steps == 400);
  CHECK(chain.settings_counters().divergences == chain.counters().divergences - diverged);
  CHECK(chain.settings_counters().divergences < 10);
  CHECK(chain.settings_counters().mh_proposals == 400);
  chain.reset();
  CHECK(chain.settings_start_step() == 0);
  CHECK(chain.settings_counters().divergences == 0);
}

TEST_CASE("forget draws before this change: the histogram restarts at the change", "[health]") {
  const auto target = double_well();
  for (std::size_t capacity : {std::size_t{0}, std::size_t{1000}}) {
    Chain chain(target, "sgld", {{"step_size", 0.05}, {"noise_var", 4}}, 3, target->default_init(),
                0, 1, capacity);
    LiveChainStats stats(*target, make_live_truth_bins(*target));
    chain.run(700);
    stats.consume(chain);
    chain.set_params({{"step_size", 0.04}, {"noise_var", 4}});
    chain.run(300);
    stats.consume(chain);
    CHECK(stats.histograms()[0].total() == 1000);
    chain.forget_draws_before_settings();
    stats.restart_from_store(chain);
    REQUIRE(chain.draws().size() == 300);
    CHECK(chain.draws().iteration(0) == 701);
    CHECK(stats.histograms()[0].total() == 300);
    CHECK(stats.traces()[0].series().buckets.front().first_step == 701);
    // The chain goes on, and new draws are added after the kept ones.
    chain.run(50);
    stats.consume(chain);
    CHECK(stats.histograms()[0].total() == 350);
    CHECK(chain.draws().size() == 350);
    CHECK(chain.draws().iteration(349) == 1050);
  }
}

TEST_CASE("undo forgets the draws made under the undone values, a whole drag at once", "[health]") {
  // HMC at eps = 0.1; a drag passes 0.5 and ends at 2.12 (every trajectory diverges there);
  // Ctrl+Z returns to 0.1, and the draws of the drag must leave the histogram (the newcomer
  // saw TV 0.6 after undoing). Both the CLI's unbounded store and the window's ring.
  const auto target = double_well();
  for (std::size_t capacity : {std::size_t{0}, std::size_t{1000}, std::size_t{600}}) {
    const ParamValues good{{"step_size", 0.1}, {"leapfrog_steps", 10}};
    Chain chain(target, "hmc", good, 3, target->default_init(), 0, 1, capacity);
    LiveChainStats stats(*target, make_live_truth_bins(*target));
    chain.run(500);
    stats.consume(chain);
    chain.set_params({{"step_size", 0.5}, {"leapfrog_steps", 10}});
    chain.run(100);
    chain.set_params({{"step_size", 2.12}, {"leapfrog_steps", 10}});
    chain.run(200);
    stats.consume(chain);
    const std::size_t held = chain.draws().size();
    CHECK(chain.revert_params(good) == std::min<std::size_t>(held, 300));
    stats.restart_from_store(chain);
    CHECK(chain.params() == good);
    CHECK(chain.draws().size() == held - std::min<std::size_t>(held, 300));
    CHECK(chain.draws().iteration(chain.draws().size() - 1) == 500);
    CHECK(stats.histograms()[0].total() == chain.draws().size());
    // The chain goes on from where it is; new draws follow the kept ones.
    chain.run(40);
    stats.consume(chain);
    CHECK(chain.draws().iteration(chain.draws().size() - 1) == 840);
    CHECK(stats.histograms()[0].total() == chain.draws().size());
  }
  // Undoing when the values were never `before` since the last reset forgets nothing.
  Chain chain(target, "hmc", {{"step_size", 0.2}}, 3, target->default_init(), 0, 1, 0);
  chain.run(50);
  CHECK(chain.revert_params({{"step_size", 0.1}}) == 0);
  CHECK(chain.draws().size() == 50);
}

TEST_CASE("last stable settings after a drag: the value before the drag, not one met mid-drag",
          "[health][stability]") {
  // SGHMC ran at C = 1; one drag went through 4.139 (long enough at full speed to run 500 steps)
  // to 60, which stopped it. The undo stack holds the whole drag as one entry.
  const ParamValues start{{"friction", 1.0}};
  const std::vector<ParamChange> history{{5000, {{"friction", 4.139}}},
                                         {5500, {{"friction", 60.0}}}};
  ParamUndoStack undo;
  undo.record(2, "sghmc", start, {{"friction", 4.139}});
  undo.record(2, "sghmc", {{"friction", 4.139}}, {{"friction", 60.0}});
  undo.end_gesture();
  undo.record(1, "hmc", {{"step_size", 0.1}}, {{"step_size", 0.2}});  // another chain since
  undo.end_gesture();
  // The step-count rule alone takes the mid-drag value (the reported bug) ...
  CHECK(last_stable_params(start, history, 5510)->at("friction") == 4.139);
  // ... the gesture gives the value before the drag.
  const auto stable = settings_before_breaking_change(undo, 2, "sghmc", {{"friction", 60.0}}, start,
                                                      history, true, 5510);
  REQUIRE(stable);
  CHECK(stable->at("friction") == 1.0);
  // Without a matching undo entry (e.g. set from a saved session) the step-count rule applies.
  const auto fallback =
      settings_before_breaking_change(ParamUndoStack{}, 2, "sghmc", {{"friction", 60.0}}, start,
                                      {{5000, {{"friction", 60.0}}}}, true, 5010);
  REQUIRE(fallback);
  CHECK(fallback->at("friction") == 1.0);
}

TEST_CASE("last stable settings: changes made after the stop are not the breaking change",
          "[health][stability]") {
  // Friction dragged from 1 to 60 stopped SGHMC; then, the chain stopped, the newcomer dragged it
  // back to 30 and changed the step size. The offer is still C = 1 (the values before the drag
  // that broke it), never C = 60 (the value before the last drag, which broke it).
  const ParamValues start{{"friction", 1.0}, {"step_size", 0.1}};
  const ParamValues broken{{"friction", 60.0}, {"step_size", 0.1}};
  const ParamValues back{{"friction", 30.0}, {"step_size", 0.1}};
  const ParamValues now{{"friction", 30.0}, {"step_size", 0.05}};
  ParamUndoStack undo;
  undo.record(2, "sghmc", start, {{"friction", 4.139}, {"step_size", 0.1}}, false);
  undo.record(2, "sghmc", {{"friction", 4.139}, {"step_size", 0.1}}, broken, false);
  undo.end_gesture();
  undo.record(2, "sghmc", broken, back, true);
  undo.end_gesture();
  undo.record(2, "sghmc", back, now, true);
  undo.end_gesture();
  const std::vector<ParamChange> history{
      {5000, {{"friction", 4.139}, {"step_size", 0.1}}}, {5500, broken}, {5510, back}, {5510, now}};
  const auto stable =
      settings_before_breaking_change(undo, 2, "sghmc", now, start, history, true, 5510);
  REQUIRE(stable);
  CHECK(stable->at("friction") == 1.0);
  CHECK(stable->at("step_size") == 0.1);
}

TEST_CASE("chain health: the banner names the change and what to do", "[health]") {
  const auto descriptors = find_sampler_info("hmc")->params;
  ChainHealth unstable{ChainHealthState::Unstable, "every trajectory diverges"};
  CHECK(chain_health_message("HMC", unstable, descriptors, {{"step_size", 0.1}},
                             {{"step_size", 2.12}}) ==
        "HMC: step size ε = 2.12 is unstable: every trajectory diverges — lower ε or press "
        "Ctrl+Z");
  ChainHealth slow{ChainHealthState::TooSlow, "it needs ~3×10⁵ steps to cross the target"};
  CHECK(
      chain_health_message("HMC", slow, descriptors, {{"step_size", 0.1}}, {{"step_size", 0.0002}})
          .find("is far too slow: it needs ~3×10⁵ steps to cross the target — raise ε") !=
      std::string::npos);
  CHECK(chain_health_message("HMC", slow, descriptors, {{"step_size", 0.1}}, {{"step_size", 0.1}})
            .find("HMC: its settings are far too slow") == 0);
  CHECK(chain_health_message("HMC", ChainHealth{}, descriptors, {}, {}).empty());
}

TEST_CASE("the settings a stop reason was about are those in force at the stop step",
          "[health][stability]") {
  // HMC ran at ε = 0.1; a drag passed 0.689 at step 3000, the chain diverged at step 3004 and
  // stopped, and the drag went on to 1.779 (logged at the stop step: no step ran under it).
  const ParamValues start{{"step_size", 0.1}};
  const std::vector<ParamChange> history{{2990, {{"step_size", 0.4}}},
                                         {3000, {{"step_size", 0.689}}},
                                         {3004, {{"step_size", 1.2}}},
                                         {3004, {{"step_size", 1.779}}}};
  CHECK(params_at_stop(start, history, 3004).at("step_size") == 0.689);
  CHECK(params_at_stop(start, history, 2995).at("step_size") == 0.4);
  CHECK(params_at_stop(start, {}, 50).at("step_size") == 0.1);
  CHECK(params_at_stop(start, history, 2990).at("step_size") == 0.1);  // applies from 2991
}

TEST_CASE("undoing the change that stopped a chain forgets the divergence that stopped it",
          "[health]") {
  // SGHMC dragged to ε = 1.62 stopped; Ctrl+Z set it going again from its draw before the
  // trouble, yet Metrics still said "diverg. 1" (newcomer run 11).
  const auto target = double_well();
  const ParamValues good{{"step_size", 0.1}, {"friction", 1.0}};
  Chain chain(target, "sghmc", good, 5, target->default_init(), 0, 1, 0);
  chain.run(300);
  REQUIRE_FALSE(chain.stopped());
  const std::uint64_t before = chain.counters().divergences;
  chain.set_params({{"step_size", 1.62}, {"friction", 1.0}});
  chain.run(2000);
  REQUIRE(chain.stopped());
  REQUIRE(chain.counters().divergences > before);
  chain.resume(good);
  CHECK_FALSE(chain.stopped());
  CHECK(chain.counters().divergences - chain.forgotten_divergences() == before);
  chain.run(100);
  CHECK(chain.counters().divergences - chain.forgotten_divergences() == before);
}

TEST_CASE("undo and 'forget draws' also forget the divergences made with those draws", "[health]") {
  // A newcomer undid ε = max and still read HMC's 3160 divergences beside a histogram that had
  // forgotten every draw they came with.
  const auto target = double_well();
  const ParamValues good{{"step_size", 0.1}, {"leapfrog_steps", 10}};
  Chain chain(target, "hmc", good, 3, target->default_init(), 0, 1, 0);
  chain.run(300);
  const std::uint64_t before = chain.counters().divergences;
  chain.set_params({{"step_size", 2.12}, {"leapfrog_steps", 10}});
  chain.run(200);
  const std::uint64_t during = chain.counters().divergences - before;
  REQUIRE(during > 100);  // nearly every trajectory diverges at ε = 2.12 (limit 2/√8 ≈ 0.71)
  chain.revert_params(good);
  CHECK(chain.forgotten_divergences() == during);
  chain.run(100);  // a good ε: the count forgotten stays what the undone stretch made
  CHECK(chain.forgotten_divergences() == during);
  // "Forget draws before this change" forgets every divergence before the current settings.
  chain.set_params({{"step_size", 0.12}, {"leapfrog_steps", 10}});
  chain.forget_draws_before_settings();
  CHECK(chain.forgotten_divergences() == chain.counters().divergences);
  chain.reset();
  CHECK(chain.forgotten_divergences() == 0);
}
