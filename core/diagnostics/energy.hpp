// Energy diagnostics for HMC-type samplers, from the Hamiltonian H recorded once per iteration.
#pragma once

#include <cstddef>
#include <vector>

namespace sgl {

// Energy Bayesian fraction of missing information (Betancourt 2016, eq. 3.3 estimator):
//   E-BFMI = Σ_{t≥1} (H_t − H_{t−1})² / Σ_t (H_t − H̄)².
// Small values (≲ 0.3) mean the momentum resampling moves the energy too little per iteration
// to explore the marginal energy distribution (heavy tails, funnels). ArviZ divides the two sums
// by n − 1 and n (a factor n/(n − 1), negligible in practice); we keep Betancourt's ratio.
// NaN when n < 2 or H is constant (the ratio is undefined, not "perfect").
double e_bfmi(const double* energy, std::size_t n);
double e_bfmi(const std::vector<double>& energy);

// How far a (supposedly energy-conserving) trajectory drifts from its starting energy: the
// integrator's error made visible. All NaN when n == 0; step fields are 0 when n == 1.
struct EnergyDrift {
  double max_abs_drift = 0.0;        // max_t |H_t − H_0|
  double final_minus_initial = 0.0;  // H_{n−1} − H_0
  double max_abs_step = 0.0;         // max_t |H_t − H_{t−1}|, the worst single-step ΔH
};

EnergyDrift energy_drift(const double* energy, std::size_t n);
EnergyDrift energy_drift(const std::vector<double>& energy);

}  // namespace sgl
