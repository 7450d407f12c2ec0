// Targets of the form U(θ) = −Σ_{k=1..n} ℓ_k(θ) − log p(θ) with per-datum terms ℓ_k, so that
// samplers can draw real minibatches (docs/algorithms.md#notation).
#pragma once

#include <cstdint>

#include "core/targets/target.hpp"

namespace sgl {

class SecondOrderData;

class DataTarget : public Target {
 public:
  virtual std::int64_t num_data() const = 0;

  // ℓ_k(θ) for one datum.
  virtual double log_likelihood_datum(std::int64_t k, const double* theta) const = 0;

  // grad += weight · Σ_{j<count} ∇ℓ_{indices[j]}(θ). Indices may repeat (sampling with
  // replacement).
  virtual void add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                           const double* theta, double* grad) const = 0;

  // log p(θ) up to a constant, and grad += weight · ∇log p(θ).
  virtual double log_prior(const double* theta) const = 0;
  virtual void add_log_prior_gradient(const double* theta, double weight, double* grad) const = 0;

  // Per-datum Hessians (second_order_data.hpp), or null where the target does not provide them.
  virtual const SecondOrderData* second_order() const { return nullptr; }

  std::int64_t evaluation_cost() const override { return num_data(); }
  const DataTarget* as_data_target() const override { return this; }
};

}  // namespace sgl
