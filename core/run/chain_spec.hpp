// One description of a chain, shared by every front end: `run --sampler id:key=value` (one per
// flag), a scenario file's `chains` entry, the live engine's chains (the GUI's control panel adds
// them), and a saved session's chains (with the history that replays them). Each user reads the
// fields it needs; the others keep the defaults documented here, so a chain means the same thing
// everywhere and passes from one to the other without conversion.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/run/param_change.hpp"
#include "core/util/params.hpp"

namespace sgl {

struct ChainSpec {
  std::string sampler_id{};
  // The values the user gave (defaults are filled in when the chain is built); for a saved
  // session's chain, the values of its last (re)start, which `history` then changes.
  ParamValues params{};
  bool enabled = true;  // a disabled chain is kept but does not step (live engine, scenarios)
  // The chain's name in panels, metrics, exports and sessions. Empty: a default is chosen where
  // chains are named (scenarios: the sampler id, then id#2, ...; the live engine: the sampler's
  // short name, then "SGHMC 2", ...; `run`: the sampler id, then id#2, see sampler_labels).
  std::string label{};
  // Live engine and saved sessions: the chain's id, which is also its seed stream (it draws from
  // chain_seed(run seed, id, 0), run_spec.hpp); -1: the next free id. A saved session gives it,
  // so a reopened chain keeps its seeds. `run` and scenario runs seed by position instead (entry
  // s, chain c: chain_seed(seed, s, c)) and leave it -1.
  int id = -1;
  // Saved sessions only: the parameter changes after `params` (in step order) and the steps run
  // when saved. Opening the session replays them — run to each change's step, apply it, ...,
  // then run to `steps` — and the same seed with the same changes gives the same draws.
  // Elsewhere empty and 0 (a fresh chain).
  std::vector<ParamChange> history{};
  std::uint64_t steps = 0;
};

// Parses the command line's "sghmc:step_size=0.1,friction=1" (the sampler id must be known;
// parameter values are checked against the target when the chain is built). Throws UserError.
ChainSpec parse_chain_spec(const std::string& text);

}  // namespace sgl
