// What a run will hold in memory — every recorded draw of every chain, plus the data — estimated
// before anything is allocated, and checked against a budget derived from the machine, so that
// `--steps 1e12` or `--chains 10000` on a large target is refused at once instead of ending in
// std::bad_alloc (or the OOM killer) hours later.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/run/run_spec.hpp"

namespace sgl {

// Half of the smallest of physical memory and the process's address-space and data limits
// (ulimit -v / prlimit --as): the rest is left to the system, the summary's copies and the
// writers.
double memory_budget_bytes();

// Bytes one recorded draw takes in a DrawStore of this dimension (θ, r, step, U, H, flags and
// the per-draw info channel values: two doubles at most today, signed HMC-ECS's).
double bytes_per_draw(int dim);

// Throws UserError, naming the sizes and suggesting --thin or fewer steps, if the chains' draws
// (chains × (steps / thin + 1) × bytes_per_draw(dim)) plus data_bytes exceed the budget.
void check_run_memory(const RunSpec& spec, int dim, double data_bytes);

// A live session's chains each keep their newest `draws_per_chain` draws (a ring buffer): throws
// UserError, with the sizes, if `chains` of them in `dim` coordinates would exceed the budget.
// Checked before chains are built (a scenario's, an added or duplicated one).
void check_live_memory(std::size_t chains, int dim, std::size_t draws_per_chain);

// Synthetic data sets are built from their parameters: n × (d + 1) doubles (plus the response).
// Returns 0 for targets without generated data. Lets the check run before generating them.
double synthetic_data_bytes(const TargetSpec& target, int* dim);

// A CSV regression's dimension from the file's header line alone (0 if `target` is not one, or
// the header cannot be read), so that sizes are checked before the data is loaded and the O(d³)
// mode is found.
int csv_regression_dim(const TargetSpec& target);

}  // namespace sgl
