// The largest curvature λ_max of U = −log π where the probability mass sits: at the lowest mode
// of a 1-D/2-D analytic target, or the Laplace Hessian at the MAP of a data target. It sets the
// step-size limit of every sampler (leapfrog is stable for ε < 2/√λ_max, Langevin's
// θ −= (ε/2)∇U for ε < 4/λ_max), so the GUI derives its slider ranges and stability hints from
// it. Costs a grid scan and a Newton solve (a full-data one for data targets): compute it once
// per target, not per frame.
#pragma once

#include <optional>
#include <string>

#include "core/targets/target.hpp"

namespace sgl {

struct TargetCurvature {
  double max_eigenvalue = 0.0;  // λ_max of ∇²U there (> 0)
  std::string where;            // e.g. "at the mode", "at the MAP (Laplace)"
};

// Nullopt when no positive curvature can be found (e.g. a flat or unbounded potential).
std::optional<TargetCurvature> estimate_curvature(const Target& target);

}  // namespace sgl
