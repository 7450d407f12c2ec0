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
//   sghmc, sgld, sghmc-sgd (minibatch gradients): b as given or 32, raised to the smallest b
//                     whose gradient noise at the mode is at most 4 times the injected noise
//                     (minibatch_noise_ratio.hpp): on 10⁵ data b = 32 made it 10³ times,
//                     and SGHMC diverged before its first draw (issue 25)
//   ewsg:             h = 0.1 s, γ = min(10, 0.5/h), and b the smallest minibatch whose
//                     gradient noise h·tr Cov(G_B)/(2γ) at the mode is at most 0.5
//                     (gradient_noise.hpp): with b = 1 on 10³ data the index weights put all
//                     their mass on a few data and the means came out 4–5 sd off (issue 25)
//   hmcecs, hmcecs-signed: mass = hessian (the paper's M = −∇²log π(θ*)), where ε·L ≈ 1.2 suits
//                     every direction.
// Other targets and every parameter the user gave keep their values. Which rule a sampler
// follows is declared in its own file (SamplerTraits::regression_defaults); the rules live
// here, so samplers sharing an integrator share one.
#pragma once

#include <string>

#include "core/targets/target.hpp"
#include "core/util/params.hpp"

namespace sgl {

struct ParamDescriptor;

// What a rule works with: the values so far (user values and descriptor defaults) and, on
// demand, the smallest posterior sd s (0 if unknown; computed once, on first use).
class RegressionScale {
 public:
  RegressionScale(const Target& target, const ParamValues& given, ParamValues& values)
      : target_(target), given_(given), values_(values) {}
  const Target& target() const { return target_; }
  double smallest_sd();
  // tr Cov_k(∇ℓ_k) at the posterior mode over the data (0 if unknown; one data pass, on first
  // use).
  double per_datum_gradient_variance();
  // Sets a parameter the user did not give (and the sampler has).
  void set(const char* name, double value) {
    if (!given_.count(name) && values_.count(name)) values_[name] = value;
  }
  // The value so far (the user's or the descriptor's default); `fallback` if the sampler has none.
  double value_or(const char* name, double fallback) const {
    return values_.count(name) ? values_.at(name) : fallback;
  }
  // The user's value if given, else `fallback`.
  double given_or(const char* name, double fallback) const {
    return given_.count(name) ? values_.at(name) : fallback;
  }

 private:
  const Target& target_;
  const ParamValues& given_;
  ParamValues& values_;
  bool known_ = false;
  double smallest_sd_ = 0.0;
  bool variance_known_ = false;
  double per_datum_variance_ = 0.0;
};

using RegressionDefaults = void (*)(RegressionScale&);

// The rules of the table above.
void leapfrog_regression_defaults(RegressionScale& scale);            // hmc, naive-sghmc
void sghmc_regression_defaults(RegressionScale& scale);               // sghmc-cv, sgnht
void minibatch_sghmc_regression_defaults(RegressionScale& scale);     // sghmc
void langevin_regression_defaults(RegressionScale& scale);            // sgld-cv, mala, svrg-ld
void minibatch_langevin_regression_defaults(RegressionScale& scale);  // sgld
void sgd_momentum_regression_defaults(RegressionScale& scale);        // sgd-momentum
void sghmc_sgd_regression_defaults(RegressionScale& scale);           // csghmc (scaled to its peak)
void minibatch_sghmc_sgd_regression_defaults(RegressionScale& scale);  // sghmc-sgd
void euler_langevin_regression_defaults(RegressionScale& scale);       // ewsg
void hessian_mass_regression_defaults(RegressionScale& scale);         // hmcecs, hmcecs-signed

// `given` with defaults filled in: data-aware ones where they apply, the descriptors' otherwise.
ParamValues sampler_defaults(const std::string& sampler_id, const Target& target,
                             const ParamValues& given,
                             const std::vector<ParamDescriptor>& descriptors);

}  // namespace sgl
