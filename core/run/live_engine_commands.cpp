// What the live engine's commands do to the chains. Runs on the worker thread (and in the
// constructor, before the worker exists). Every command either completes or throws UserError
// before changing anything the user can see; the worker turns the error into last_error.
//
// Chains are built exactly as Session builds them (same init, burn-in 0, thin 1) and the chain
// with id k, its creation position, draws from chain_seed(seed, k, 0): chains [A, B] with seed S
// draw what `sgmcmc-lab run --sampler A --sampler B --seed S` draws.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/run/live_engine_impl.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/run/run_spec.hpp"
#include "core/samplers/sampler_capabilities.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"

namespace sgl {
namespace {

// How the live engine's messages name the start (the CLI says "--init").
const char* const kStartSetting = "the start point";

// The parameters of `params` that `sampler_id` accepts on a target of this kind: what survives
// a switch between data and analytic targets (batch_size ↔ noise_var).
ParamValues params_for_target_kind(const std::string& sampler_id, const ParamValues& params,
                                   bool data_target) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  if (!info) return params;
  ParamValues kept;
  for (const auto& [name, value] : params) {
    const ParamDescriptor* descriptor = find_descriptor(info->params, name);
    if (!descriptor) continue;
    if (descriptor->scope == ParamScope::DataTargetsOnly && !data_target) continue;
    if (descriptor->scope == ParamScope::AnalyticTargetsOnly && data_target) continue;
    kept[name] = value;
  }
  return kept;
}

// How messages name a chain: by the label the user sees.
std::string chain_name(const LiveChain& live) {
  return "'" + live.label + "'";
}

// New settings (K, a stopped training) change the cost, the report and the annealing picture.
void note_new_settings(LiveChain& live) {
  live.probe_cost = true;
  live.training_steps_seen = ~std::uint64_t{0};
  live.annealing_steps_seen = ~std::uint64_t{0};
  live.annealing_allowed_at = {};
}

}  // namespace

LiveEngine::Impl::Impl(const LiveSetup& setup)
    : target_spec(setup.target),
      start_choice{setup.init, setup.init_at_map},
      seed(setup.seed),
      draw_capacity(setup.draw_capacity),
      running(setup.running),
      own_thread(setup.own_thread),
      jobs(setup.jobs > 0 ? setup.jobs : default_jobs()) {
  // A live session runs for ever: an unbounded store would grow without limit.
  if (setup.draw_capacity == 0) throw UserError("draw_capacity must be at least 1");
  if (!std::isfinite(setup.steps_per_second) || setup.steps_per_second < 0.0)
    throw UserError("steps per second must be finite and >= 0 (0 = as fast as possible)");
  speed = setup.steps_per_second;
  target = setup.built_target && setup.built_from == setup.target ? setup.built_target
                                                                  : make_target(setup.target);
  // The whole scenario at once first, so a refusal names its real size, not the first chain over.
  check_live_memory(setup.chains.size(), target->dim(), draw_capacity);
  truth = make_live_truth_bins(*target);
  init = common_start(*target, start_choice, kStartSetting);
  for (const ChainSpec& config : setup.chains) add_chain(config);
}

std::unique_ptr<Chain> LiveEngine::Impl::build_chain(const std::string& sampler_id,
                                                     const ParamValues& params, int id) const {
  return std::make_unique<Chain>(
      target, sampler_id, params, chain_seed(seed, static_cast<std::size_t>(id), 0),
      sampler_start(*target, start_choice, init, sampler_id), 0, 1, draw_capacity);
}

LiveChain& LiveEngine::Impl::find_chain(int id) {
  for (auto& live : chains)
    if (live->id == id) return *live;
  throw UserError("there is no chain with id " + std::to_string(id));
}

void LiveEngine::Impl::add_chain(const ChainSpec& config) {
  // The id is taken only once the chain exists, so a rejected chain leaves no hole in the
  // sequence of seeds.
  const int id = config.id >= 0 ? config.id : next_id;
  if (ids_in_use.count(id)) throw UserError("chain id " + std::to_string(id) + " is used twice");
  check_live_memory(chains.size() + 1, target->dim(), draw_capacity);
  std::string label = config.label;
  if (label.empty()) {
    const SamplerInfo* info = find_sampler_info(config.sampler_id);
    label = unused_label(info ? info->short_name : config.sampler_id);
  } else if (unused_label(label) != label) {
    throw UserError("the label '" + label + "' is used by another chain");
  }
  check_history(config.history, config.steps);
  auto chain = build_chain(config.sampler_id, config.params, id);
  ++label_uses[label];
  ids_in_use.insert(id);
  chains.push_back(
      std::make_unique<LiveChain>(id, std::move(label), config.enabled, std::move(chain), truth));
  // Saved steps are replayed by the worker in slices (live_engine_replay.cpp), never here: the
  // constructor runs on the UI thread.
  if (config.steps > 0 || !config.history.empty()) {
    chains.back()->replay = PendingReplay{config.history, 0, config.steps};
    std::lock_guard lock(queue_mutex);
    replays_unsettled = true;
  } else {
    chains.back()->stats.consume(*chains.back()->chain);
  }
  next_id = std::max(next_id, id + 1);
}

std::string LiveEngine::Impl::unused_label(const std::string& stem) const {
  auto taken = [this](const std::string& label) { return label_uses.count(label) > 0; };
  if (!taken(stem)) return stem;
  int& k = next_label_suffix.try_emplace(stem, 2).first->second;
  for (;; ++k) {
    std::string candidate = stem + " " + std::to_string(k);
    if (!taken(candidate)) return candidate;
  }
}

void LiveEngine::Impl::forget_label(const std::string& label) {
  const auto uses = label_uses.find(label);
  if (uses != label_uses.end() && --uses->second <= 0) label_uses.erase(uses);
  next_label_suffix.clear();  // a smaller "stem k" may be free again
}

void LiveEngine::Impl::set_chain_label(int id, const std::string& label) {
  LiveChain& live = find_chain(id);
  if (label.find_first_not_of(" \t") == std::string::npos)
    throw UserError("a chain's label cannot be empty");
  if (label.size() > 64) throw UserError("a chain's label is at most 64 characters");
  // Plots key their items by label, and "##" starts a hidden suffix there.
  if (label.find("##") != std::string::npos)
    throw UserError("a chain's label cannot contain \"##\"");
  if (label != live.label && label_uses.count(label))
    throw UserError("the label '" + label + "' is used by another chain");
  forget_label(live.label);
  ++label_uses[label];
  live.label = label;
}

void LiveEngine::Impl::step_all_once() {
  for (auto& live : chains) {
    if (!live->active()) continue;
    live->chain->run(1);
    live->stats.consume(*live->chain);
  }
}

void LiveEngine::Impl::trace_chain(int id, std::uint64_t steps) {
  LiveChain& live = find_chain(id);
  require_not_replaying(live);
  Chain& chain = *live.chain;
  if (!chain.sampler().observes_trajectories())
    throw UserError(chain_name(live) + ": " + chain.sampler_id() +
                    " has no leapfrog path to show in slow motion");
  if (chain.stopped()) throw UserError(chain_name(live) + " has stopped: reset it first");
  auto recorded = std::make_shared<RecordedTrajectory>();
  recorded->chain_id = id;
  recorded->sampler_id = chain.sampler_id();
  recorded->metropolis = chain.sampler().uses_metropolis();
  recorded->estimated_energy = energy_is_estimate(chain.sampler_id());
  recorded->serial = ++trajectory_serial;
  // L ≤ 1000 by the samplers' limits; the cap only bounds a request for many steps.
  constexpr std::size_t kMaxTracedPoints = 20000;
  TrajectoryRecorder recorder(*recorded, kMaxTracedPoints);
  chain.set_trajectory_observer(&recorder);
  try {
    chain.run(std::max<std::uint64_t>(steps, 1));
  } catch (...) {
    chain.set_trajectory_observer(nullptr);
    throw;
  }
  chain.set_trajectory_observer(nullptr);
  live.stats.consume(chain);
  trajectory = std::move(recorded);
}

void LiveEngine::Impl::restart_chain(LiveChain& live) {
  live.replay.reset();  // a chain built afresh has no saved steps left to replay
  if (trajectory && trajectory->chain_id == live.id) trajectory = nullptr;
  live.stats.clear();
  live.slice = kLiveFirstSlice;
  live.probe_cost = true;
  live.restart_pace(LiveClock::now());
  live.training = nullptr;
  live.annealing = nullptr;
  live.training_steps_seen = ~std::uint64_t{0};
  live.annealing_steps_seen = ~std::uint64_t{0};
  live.annealing_allowed_at = {};
}

void LiveEngine::Impl::restart_pacing() {
  const auto now = LiveClock::now();
  for (auto& live : chains) live->restart_pace(now);
}

void LiveEngine::Impl::reset_chain(int id) {
  LiveChain& live = find_chain(id);
  live.chain->reset();
  restart_chain(live);
}

void LiveEngine::Impl::forget_draws_before_change(int id) {
  LiveChain& live = find_chain(id);
  live.chain->forget_draws_before_settings();
  live.stats.restart_from_store(*live.chain);
}

void LiveEngine::Impl::set_chain_params(int id, const ParamValues& params) {
  LiveChain& live = find_chain(id);
  require_not_replaying(live);  // its history's later changes are still to come
  try {
    live.chain->set_params(params);
  } catch (const UserError& error) {
    throw UserError(chain_name(live) + ": " + error.what());
  }
  note_new_settings(live);
}

void LiveEngine::Impl::resume_chain(int id, const ParamValues& params) {
  LiveChain& live = find_chain(id);
  require_not_replaying(live);
  try {
    live.chain->resume(params);
  } catch (const UserError& error) {
    throw UserError(chain_name(live) + ": " + error.what());
  }
  note_new_settings(live);
  live.stats.restart_from_store(*live.chain);  // the draws after the trouble began are dropped
  live.restart_pace(LiveClock::now());         // a stopped chain's pace clock stood still
}

void LiveEngine::Impl::revert_chain_params(int id, const ParamValues& before) {
  LiveChain& live = find_chain(id);
  std::size_t forgotten = 0;
  try {
    forgotten = live.chain->revert_params(before);  // validates first: a refusal forgets nothing
  } catch (const UserError& error) {
    throw UserError(chain_name(live) + ": " + error.what());
  }
  note_new_settings(live);
  if (forgotten > 0) live.stats.restart_from_store(*live.chain);
}

void LiveEngine::Impl::set_chain_sampler(int id, const std::string& sampler_id,
                                         const ParamValues& params) {
  LiveChain& live = find_chain(id);
  std::unique_ptr<Chain> rebuilt;
  try {
    rebuilt = build_chain(sampler_id, params, id);
  } catch (const UserError& error) {
    throw UserError(chain_name(live) + ": " + error.what());
  }
  live.chain = std::move(rebuilt);
  restart_chain(live);
}

void LiveEngine::Impl::remove_chain(int id) {
  LiveChain& live = find_chain(id);
  if (trajectory && trajectory->chain_id == id) trajectory = nullptr;
  forget_label(live.label);
  ids_in_use.erase(id);
  std::erase_if(chains, [&](const auto& entry) { return entry.get() == &live; });
}

void LiveEngine::Impl::set_speed(double steps_per_second) {
  if (!std::isfinite(steps_per_second) || steps_per_second < 0.0)
    throw UserError("steps per second must be finite and >= 0 (0 = as fast as possible)");
  speed = steps_per_second;
  restart_pacing();
}

void LiveEngine::Impl::set_target(const TargetSpec& spec) {
  std::shared_ptr<const Target> new_target = make_target(spec);  // throws: nothing changed yet
  // A start given for the old target is kept only for the same kind of target; map only
  // where the new target has a mode. Otherwise the new target's default.
  StartChoice new_choice = start_choice;
  if (spec.id != target_spec.id) new_choice.values.clear();
  Vec new_init;
  try {
    new_init = common_start(*new_target, new_choice, kStartSetting);
  } catch (const UserError&) {
    new_choice = StartChoice{};
    new_init = new_target->default_init();
  }

  target_spec = spec;
  target = std::move(new_target);
  truth = make_live_truth_bins(*target);
  start_choice = std::move(new_choice);
  init = std::move(new_init);

  // Each chain restarts on the new target with the parameters that still apply. One that is
  // rejected there (a combination only the new target rules out) falls back to its sampler's
  // defaults and says so. Chains are rebuilt one at a time, so at most one extra draw store is
  // allocated at any moment.
  const bool data_target = target->as_data_target() != nullptr;
  std::string problems;
  auto note = [&problems](const LiveChain& live, const std::string& what) {
    problems += (problems.empty() ? "" : "; ") + chain_name(live) + ": " + what;
  };
  std::vector<int> unusable;
  for (auto& live : chains) {
    const std::string sampler_id = live->chain->sampler_id();
    const ParamValues kept = params_for_target_kind(sampler_id, live->chain->params(), data_target);
    std::unique_ptr<Chain> rebuilt;
    try {
      rebuilt = build_chain(sampler_id, kept, live->id);
    } catch (const UserError& error) {
      try {
        rebuilt = build_chain(sampler_id, {}, live->id);
        note(*live, std::string(error.what()) + " (its sampler's defaults are used)");
      } catch (const UserError& again) {
        note(*live, std::string(again.what()) + " (removed)");
        unusable.push_back(live->id);
        continue;
      }
    }
    live->chain = std::move(rebuilt);
    live->stats = LiveChainStats(*target, truth);
    restart_chain(*live);
  }
  for (int id : unusable) remove_chain(id);
  group_convergence.clear();  // its figures were for the old target's coordinates
  if (!problems.empty()) report(problems);
}

void LiveEngine::Impl::set_start(const StartChoice& choice) {
  Vec new_init = common_start(*target, choice, kStartSetting);  // throws: nothing changed yet
  start_choice = choice;
  init = std::move(new_init);
  for (auto& live : chains) {
    // Same sampler, parameters and seed from the new start: the rebuild cannot be rejected.
    live->chain = build_chain(live->chain->sampler_id(), live->chain->params(), live->id);
    restart_chain(*live);
  }
}

void LiveEngine::Impl::set_seed(std::uint64_t new_seed) {
  seed = new_seed;
  for (auto& live : chains) {
    // Same sampler and parameters on the same target, so the rebuild cannot be rejected.
    live->chain = build_chain(live->chain->sampler_id(), live->chain->params(), live->id);
    restart_chain(*live);
  }
}

}  // namespace sgl
