// Set-up shared by the two HMC-ECS samplers (hmcecs.hpp, hmcecs_signed.hpp): the data-target
// check, the Taylor expansion around θ* with its one-off O(n) cost charged to every chain that
// uses it, and the mass matrix M = −∇²log π(θ*) (mass=hessian) or I.
#pragma once

#include <memory>
#include <string>

#include "core/gradients/taylor_control_variates.hpp"
#include "core/integrators/metric.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

// The target's data view; throws UserError naming `sampler_id` on an analytic target.
const DataTarget& require_ecs_data_target(const Target& target, const std::string& sampler_id);

// Finds θ* and makes the full pass, charging that cost to `counters`.
std::unique_ptr<TaylorControlVariates> build_ecs_expansion(const DataTarget& data,
                                                           TaylorOrder order,
                                                           std::int64_t expansion_subset, Rng& rng,
                                                           SamplerCounters& counters);

// Charges an existing expansion's set-up again: a reset that reuses it is still a new chain.
void charge_ecs_expansion(const TaylorControlVariates& expansion, SamplerCounters& counters);

// M = −∇²log π(θ*) with hessian_mass, else I.
void set_ecs_mass(Metric& mass, const TaylorControlVariates& expansion, bool hessian_mass);

}  // namespace sgl
