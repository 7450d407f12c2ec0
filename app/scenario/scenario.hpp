// A scenario: everything needed to reproduce an experiment or a GUI session — target, chains,
// lengths, seed, an optional parameter sweep and ensemble, the analysis a paper figure needs,
// its teaching note, and (for saved sessions) each chain's step index and parameter-change
// history. One JSON format (README, "Scenarios and sessions") read by both front ends; the
// parser is strict: unknown keys, wrong types and invalid values are refused with a message
// naming the field.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/scenario/analysis_kind.hpp"
#include "app/scenario/test_error_spec.hpp"
#include "core/run/chain.hpp"
#include "core/run/run_spec.hpp"

namespace sgl {

// A one-parameter sweep: each listed chain is rerun once per value of `param`.
struct ScenarioSweep {
  std::string param;
  std::vector<double> values;
  std::vector<std::string> chains;  // labels; empty = every chain
  std::uint64_t steps = 0;          // per run, after burn-in; 0 = the scenario's steps
  std::uint64_t burnin = 0;
  std::size_t keep_first = 50;  // first draws of each run kept for the figure
};

// K independent copies of each listed chain, advanced together; a summary of the particle cloud
// is recorded at `checkpoints` evenly spaced budgets (steps, or data passes when given).
struct ScenarioEnsemble {
  int chains = 100;
  std::vector<std::string> of;  // labels; empty = every chain
  std::uint64_t steps = 0;      // budget per chain in steps (analytic targets) ...
  double data_passes = 0.0;     // ... or in data passes (data targets); exactly one is > 0
  int checkpoints = 30;
};

// What the figure of a preset plots (the headless run writes it to analysis.json; the kinds are
// described in analysis_kind.hpp).
struct ScenarioAnalysis {
  AnalysisKind kind = AnalysisKind::None;
  std::string reference;  // chain label for AnalysisKind::Reference
};

// Reduced sizes for the tests' quick mode (each 0 = unchanged).
struct ScenarioQuick {
  std::uint64_t steps = 0;
  std::uint64_t burnin = 0;
  std::uint64_t sweep_steps = 0;
  int ensemble_chains = 0;
};

// How the window arranges its panels. "dashboard": every panel tiled; "lecture": the few panels
// a lesson needs, large (the first is the main plot). Panel names are the export stems.
struct ScenarioLayout {
  std::string mode = "dashboard";   // "dashboard" | "lecture"
  std::vector<std::string> panels;  // lecture panels, main first (empty: target, histogram)
  // The panels' settings that differ from their defaults, by panel stem ("shared": the settings
  // several panels share), each the text of a JSON object. The GUI's panels write and read them
  // (app/gui/panels/panel.hpp); the parser checks only the stems and that each is an object.
  std::map<std::string, std::string> settings;
};

// A saved GUI session: the live chains as they were, so that reopening replays them exactly.
// Each chain has its id (its seed stream), the parameters of its last (re)start, its history
// and its steps (ChainSpec); a label is empty in files saved before labels (the engine then
// names the chain).
struct SavedSession {
  std::vector<ChainSpec> chains;
};

// A scenario is a run (RunSpec: target, start, seed, lengths, and its `chains`, one chain per
// entry, each with a label unique within the scenario: the sampler id, then id#2, ... by
// default) plus what presents and extends it. The run part is the same struct the command line
// builds, so the fields mean the same in both.
struct Scenario : RunSpec {
  Scenario() { steps = 10000; }  // a scenario's default length (the command line requires one)

  std::string name;
  std::string title;
  std::string description;  // one line, for `list scenarios`
  std::string note;         // assets/notes/<note>.md (empty = none)
  double speed = 0.0;       // GUI: steps per second per chain (0 = as fast as possible)
  // GUI: draws each live chain keeps for the draws export (its newest; 0 = the default,
  // kLiveDrawsPerChain). Statistics on screen use every draw whatever this is.
  std::uint64_t keep_draws = 0;
  std::optional<ScenarioSweep> sweep;
  std::optional<ScenarioEnsemble> ensemble;
  std::optional<ScenarioTestError> test_error;  // test_error_spec.hpp
  ScenarioAnalysis analysis;
  ScenarioLayout layout;
  ScenarioQuick quick;
  std::optional<SavedSession> session;
  std::string source;  // where it was read from (for messages); not saved
};

// Parses and validates a scenario (targets and samplers against their registries). `source`
// names the file in messages. Throws UserError.
Scenario parse_scenario(const std::string& text, const std::string& source);

// The JSON text of a scenario (parse_scenario(to_json(s)) == s).
std::string scenario_to_json(const Scenario& scenario);

// The scenario with the quick sizes applied.
Scenario quick_version(const Scenario& scenario);

// Index of the chain with this label, or throws UserError naming `field`.
std::size_t chain_index(const Scenario& scenario, const std::string& label,
                        const std::string& field);

// The run part of the scenario for a Session (one chain per entry; the seed of entry s is
// chain_seed(seed, s, 0), as for `run --sampler ... ` in the same order), with "map" resolved
// to the mode's coordinates.
RunSpec scenario_run_spec(const Scenario& scenario);

// The start point the chains use (init, the MAP, or the target's default).
Vec scenario_start(const Scenario& scenario, const Target& target);

}  // namespace sgl
