// The short human-readable table `sgmcmc-lab run` prints after a run: per sampler and coordinate
// the mean ± MCSE and ESS, plus acceptance rate and TV distance to the truth where they exist.
#pragma once

#include <cstdio>
#include <vector>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

namespace sgl {

void print_summary_table(const Session& session, const std::vector<SamplerSummary>& summaries,
                         std::FILE* out);

}  // namespace sgl
