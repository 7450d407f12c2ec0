// What a sampler counts as it runs (steps, MH proposals and accepts, divergences, per-datum
// evaluations, auxiliary chains): read by the summary, the metrics panel and the snapshot.
#pragma once

#include <cstdint>

namespace sgl {

struct SamplerCounters {
  std::uint64_t steps = 0;
  std::uint64_t mh_proposals = 0;
  std::uint64_t mh_accepts = 0;
  double accept_prob_sum = 0.0;  // Σ min(1, e^{−ΔH}): the mean is a smoother acceptance estimate
  std::uint64_t divergences = 0;
  std::uint64_t gradient_evaluations = 0;  // per datum
  std::uint64_t density_evaluations = 0;   // per datum, those the algorithm needs (e.g. for MH)
  // Auxiliary Metropolis chains beside the main one: EWSG's index chain, HMC-ECS's subsample
  // update (summary.json: index_accept_rate / accept_rate_subsample).
  std::uint64_t aux_proposals = 0;
  std::uint64_t aux_accepts = 0;
  // HMC-ECS: Σ σ̂²(θ) of the log-likelihood estimator over iterations (→ loglik_var_mean).
  double loglik_variance_sum = 0.0;
  std::uint64_t loglik_variance_count = 0;
  // Signed HMC-ECS: iterations whose likelihood estimate was positive (→ sign_positive_fraction).
  std::uint64_t sign_positive = 0;
  std::uint64_t sign_total = 0;
  // HMC-ECS: the subsample size m in use (after batch_size=auto) → subsample_fraction = m / n.
  std::uint64_t subsample_size = 0;
  // Wall time spent on exact-U evaluations the algorithm does not need (for the record only).
  double diagnostic_seconds = 0.0;
};

}  // namespace sgl
