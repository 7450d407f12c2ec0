// Sampler defaults that fit the data. The built-in defaults are tuned for the unit-scale analytic
// targets (Chen et al.'s double well); on a regression the posterior sd can be 100× smaller, and
// unstandardised covariates make it differ by orders of magnitude between coefficients, so a
// fixed step either accepts nothing (HMC) or diverges (the stochastic-gradient samplers).
//
// On regression targets the parameters the user did not give are scaled by the smallest
// posterior sd s = 1/√λ_max(P) of the Laplace (logistic) or exact (linear) posterior, P its
// precision — the direction that limits every explicit integrator's stability:
//   hmc, naive-sghmc: ε = 0.4 s              (leapfrog is stable for ε < 2s)
//   sghmc, sghmc-cv:  ε = 0.1 s, C = 0.1/ε   (εC = 0.1: the friction keeps 90% of r per step)
//   sgld, sgld-cv:    ε = 0.1 s²             (the Langevin step ½ε∇U is stable for ε < 4s²)
//   sgd-momentum:     η = 0.5 s², α = 0.1
//   ewsg:             h = 0.1 s, γ = min(10, 0.5/h)
//   hmcecs, hmcecs-signed: mass = hessian (the paper's M = −∇²log π(θ*)), where ε·L ≈ 1.2 suits
//                     every direction.
// Other targets and every parameter the user gave keep their values.
#pragma once

#include <string>

#include "core/targets/target.hpp"
#include "core/util/params.hpp"

namespace sgl {

struct ParamDescriptor;

// `given` with defaults filled in: data-aware ones where they apply, the descriptors' otherwise.
ParamValues sampler_defaults(const std::string& sampler_id, const Target& target,
                             const ParamValues& given,
                             const std::vector<ParamDescriptor>& descriptors);

}  // namespace sgl
