// Performing a teaching note's "Try next" steps as the GUI does, for tests/stat/test_notes_*.cpp:
// the preset is loaded through app/scenario (load_scenario, live_setup_from_scenario) and its
// chains run in the live engine. A slider change is a ParamChange at a fixed step — the same
// record a saved session replays — so the engine applies it exactly there and every draw is the
// same on every run, whatever the machine's speed. Commands that restart chains (set_target,
// set_chain_sampler) are followed by run_until(), and only the first draws are analysed.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/run/live_engine.hpp"

namespace sgl::test {

// A user's parameter change on one chain (by its label in the preset), from step `step` on.
struct NoteChange {
  std::string label;
  std::uint64_t step = 0;
  ParamValues params;  // only the changed parameters; the others keep their values
};

class PresetLive {
 public:
  // The chains named in `labels` (keeping their preset ids, so their seed streams), each run to
  // `steps` with `changes` applied on the way. The engine is left paused.
  PresetLive(const std::string& preset, std::uint64_t steps, const std::vector<std::string>& labels,
             const std::vector<NoteChange>& changes = {})
      : scenario_(load_scenario(preset)), engine_(setup(steps, labels, changes)) {
    engine_.wait_until_idle();
  }

  LiveEngine& engine() { return engine_; }
  const Scenario& scenario() const { return scenario_; }

  int id(const std::string& label) const {
    for (std::size_t i = 0; i < scenario_.chains.size(); ++i)
      if (scenario_.chains[i].label == label) return static_cast<int>(i);
    FAIL("preset " << scenario_.name << " has no chain " << label);
    return -1;
  }

  DrawStore draws(const std::string& label) {
    std::optional<DrawStore> draws = engine_.copy_draws(id(label));
    REQUIRE(draws);
    return std::move(*draws);
  }

  ChainSnapshot snapshot(const std::string& label) const {
    // Held for the loop: a range-for over a temporary's member would outlive the snapshot the
    // worker may replace meanwhile.
    const std::shared_ptr<const EngineSnapshot> snapshot = engine_.snapshot();
    for (const ChainSnapshot& chain : snapshot->chains)
      if (chain.id == id(label)) return chain;
    FAIL("no live chain " << label);
    return {};
  }

  // Runs every active chain to at least `steps` (used after commands that restart chains; only
  // the first `steps` draws are then deterministic), and pauses again.
  void run_until(std::uint64_t steps) {
    engine_.set_running(true);
    engine_.wait_until_idle();  // the queued commands are applied and published first
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    auto done = [&] {
      const std::shared_ptr<const EngineSnapshot> snapshot = engine_.snapshot();
      for (const ChainSnapshot& chain : snapshot->chains)
        if (chain.enabled && !chain.stopped && chain.counters.steps < steps) return false;
      return true;
    };
    while (!done() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    engine_.set_running(false);
    engine_.wait_until_idle();
    REQUIRE(done());
  }

 private:
  LiveSetup setup(std::uint64_t steps, const std::vector<std::string>& labels,
                  const std::vector<NoteChange>& changes) const {
    LiveSetup full = live_setup_from_scenario(scenario_);
    LiveSetup chosen = full;
    chosen.chains.clear();
    chosen.running = false;
    chosen.steps_per_second = 0.0;
    chosen.draw_capacity = std::max<std::size_t>(steps + 1000, 1u << 16);
    for (const std::string& label : labels) {
      const int chain_id = id(label);
      ChainSpec config = full.chains.at(static_cast<std::size_t>(chain_id));
      config.id = chain_id;
      config.steps = steps;
      ParamValues current = config.params;
      for (const NoteChange& change : changes) {
        if (change.label != label) continue;
        for (const auto& [name, value] : change.params) current[name] = value;
        config.history.push_back({change.step, current});
      }
      chosen.chains.push_back(std::move(config));
    }
    return chosen;
  }

  Scenario scenario_;
  LiveEngine engine_;
};

// Statistics over draws [from, to) of a chain.
inline std::vector<double> theta_series(const DrawStore& draws, int coord, std::size_t from,
                                        std::size_t to) {
  REQUIRE(to <= draws.size());
  std::vector<double> series;
  for (std::size_t i = from; i < to; ++i) series.push_back(draws.theta(i, coord));
  return series;
}

inline double mean_of(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

inline double mean_square(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v * v;
  return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

inline double mean_hamiltonian(const DrawStore& draws, std::size_t from, std::size_t to) {
  REQUIRE(to <= draws.size());
  double sum = 0.0;
  for (std::size_t i = from; i < to; ++i) sum += draws.hamiltonian(i);
  return sum / static_cast<double>(to - from);
}

inline double max_hamiltonian(const DrawStore& draws, std::size_t from, std::size_t to) {
  REQUIRE(to <= draws.size());
  double most = -INFINITY;
  for (std::size_t i = from; i < to; ++i) most = std::max(most, draws.hamiltonian(i));
  return most;
}

inline double accept_fraction(const DrawStore& draws, std::size_t from, std::size_t to) {
  REQUIRE(to <= draws.size());
  std::size_t accepted = 0;
  for (std::size_t i = from; i < to; ++i) accepted += draws.accepted(i) ? 1 : 0;
  return static_cast<double>(accepted) / static_cast<double>(to - from);
}

inline double iat(const DrawStore& draws, int coord, std::size_t from, std::size_t to) {
  return effective_sample_size(theta_series(draws, coord, from, to)).iat;
}

// Crossings of coordinate 0 between the regions below −edge and above +edge over draws
// [from, to): well or mode changes, not counting jitter on the barrier.
inline int crossings(const DrawStore& draws, double edge, std::size_t from, std::size_t to) {
  int count = 0, side = 0;
  for (std::size_t i = from; i < to; ++i) {
    const double x = draws.theta(i, 0);
    const int now = x > edge ? 1 : x < -edge ? -1 : 0;
    if (now != 0 && side != 0 && now != side) ++count;
    if (now != 0) side = now;
  }
  return count;
}

}  // namespace sgl::test
