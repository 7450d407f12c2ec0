// Sampler ids → descriptors and factories. The ids and parameter names are the public contract
// shared by the CLI, the GUI and scenario files (docs/algorithms.md#sampler-ids-and-parameters).
// Each sampler declares its SamplerInfo in its own file (e.g. HmcSampler::info() in hmc.cpp):
// its parameters, its info channels (what it reports beside θ), where it starts, its stability
// model, its data-aware defaults and what the views ask of it (sampler_capabilities.hpp). The
// catalogue lists them, one line each, so nothing else asks for a sampler by its id.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/output_kind.hpp"
#include "core/samplers/sampler.hpp"
#include "core/samplers/sampler_capabilities.hpp"
#include "core/samplers/sampler_channels.hpp"
#include "core/samplers/stability_limits.hpp"

namespace sgl {

// What a sampler declares besides its parameters.
struct SamplerTraits {
  // What its draws are (output_kind.hpp): exact, asymptotic, biased, optimiser or variational.
  OutputKind output_kind = OutputKind::Exact;
  // What it reports beside θ, in declaration order (sampler_channels.hpp).
  std::vector<ChannelDescriptor> channels = {};
  // Starts at the posterior mode θ* when the target knows it and no start was given (HMC-ECS:
  // its control variates are expanded there, so a chain started far away wastes its burn-in).
  bool starts_at_mode = false;
  // Its linear stability model (slider ranges and hints, stability_limits.hpp); none: the
  // descriptors' ranges and no hints.
  StabilityModel stability = {};
  // Its defaults from the posterior's scale on regression targets (data_aware_defaults.hpp);
  // null: none.
  RegressionDefaults regression_defaults = nullptr;
  // The id of a PerDraw channel holding each draw's log importance weight log w = log p̃(θ) −
  // log q(θ) + const (variational samplers); the summary and the Histogram panel then also give
  // self-normalised weighted moments Σψw / Σw (core/run/importance_summary.hpp). Empty: none.
  std::string importance_log_weight = {};
  // Why a `biased` sampler's draws are off, following its short name in the warning
  // (core/run/output_kind.cpp); empty: naive SGHMC's "has no friction ...".
  std::string bias_warning = {};
  // Settings under which an `asymptotic` sampler is biased however small its step (SGHMC with
  // C = 0 is naive SGHMC); null: none.
  ParamPredicate biased_when = nullptr;
  // A `biased` sampler whose bias comes from the gradient noise alone, so it is asymptotic with
  // the exact gradient (naive SGHMC at b = n or V = 0).
  bool biased_only_by_gradient_noise = false;
  // What the views ask (sampler_capabilities.hpp). Null: ε only, no friction.
  GradientNoiseViewOf gradient_noise_view = nullptr;
  // Null: an iteration is a whole trajectory (or no leapfrog at all).
  ParamPredicate one_step_per_iteration = nullptr;
  // The most leapfrog points one iteration's recorded trajectory holds (`run
  // --record-trajectories` sizes trajectories.csv with it before writing); null: one.
  ParamMeasure trajectory_points = nullptr;
  bool energy_is_estimate = false;
  // Its chains' first colour (core/plot/chain_palette.hpp), chosen so that samplers a preset
  // shows side by side differ; −1: the palette's last.
  int palette_slot = -1;
};

struct SamplerInfo {
  std::string id;          // e.g. "sghmc"
  std::string name;        // e.g. "SGHMC with friction"
  std::string short_name;  // a chain's default label, e.g. "SGHMC" (then "SGHMC 2", ...)
  std::string reference;   // paper and equation/algorithm
  std::string summary;     // one line: the update rule
  std::vector<ParamDescriptor> params;
  std::function<std::unique_ptr<Sampler>(const Target&)> create;
  SamplerTraits traits = {};
};

// The factory of a sampler constructed from its target.
template <class SamplerType>
std::function<std::unique_ptr<Sampler>(const Target&)> sampler_factory() {
  return [](const Target& target) { return std::make_unique<SamplerType>(target); };
}

const std::vector<SamplerInfo>& sampler_catalogue();
const SamplerInfo* find_sampler_info(const std::string& id);

// Creates a sampler with the given (user) parameters: validates them against the descriptors and
// the target kind, fills defaults, and applies them. Throws UserError with a one-line message.
std::unique_ptr<Sampler> make_sampler(const std::string& id, const Target& target,
                                      const ParamValues& params);

}  // namespace sgl
