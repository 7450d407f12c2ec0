// Where chains start, one rule for `sgmcmc-lab run --init` (Session), scenario files and the
// GUI's start choice (LiveEngine):
//   - explicit values: every chain starts there (checked: one finite value per coordinate, and a
//     finite potential U there, since a start where U is not finite can only diverge at step 1);
//   - map (regression targets): every chain starts at the posterior mode θ*;
//   - neither: the target's default start (0 on regressions), except that HMC-ECS (both kinds)
//     starts at θ* on regression targets, as in Dang et al. — its estimator is built around θ*,
//     and from far away the first iterations see a huge σ̂² (signed chains can stay trapped).
#pragma once

#include <string>
#include <vector>

#include "core/targets/target.hpp"

namespace sgl {

struct StartChoice {
  std::vector<double> values;  // empty: none given
  bool at_map = false;         // exclusive with values
};

// The start of every chain whose sampler has no start of its own (throws UserError; messages
// name the setting as `what`, e.g. "--init").
Vec common_start(const Target& target, const StartChoice& choice, const std::string& what);

// The start of a chain of `sampler_id`, given the common start.
Vec sampler_start(const Target& target, const StartChoice& choice, const Vec& common,
                  const std::string& sampler_id);

}  // namespace sgl
