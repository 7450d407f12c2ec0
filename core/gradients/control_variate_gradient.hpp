// Control-variate stochastic gradient centred at the MAP θ* (Baker, Fearnhead, Fox & Nemeth 2017;
// the SGLD-CV/SGHMC-CV variants the HMC-ECS paper, Dang et al. 2019 §6.2, compares against):
//   ∇Ũ_cv(θ) = −[ Σ_k ∇ℓ_k(θ*) + (n/b) Σ_{k∈B} (∇ℓ_k(θ) − ∇ℓ_k(θ*)) ] − ∇log p(θ),
// B drawn uniformly with replacement. It is unbiased for ∇U(θ), and its variance vanishes as θ →
// θ*, but only linearly: the terms ∇ℓ_k(θ) − ∇ℓ_k(θ*) ≈ H_k(θ*)(θ − θ*) differ between data, so
// even for linear regression the error is O(‖θ − θ*‖), not zero.
//
// control_variate=taylor2 (the gradient of Dang et al.'s second-order Taylor control variates,
// eq. 4.7, with which §6.2 compares every subsampling method) also subtracts the first-order term:
//   ∇Ũ_cv2(θ) = −[ Σ_k ∇ℓ_k(θ*) + H(θ − θ*) + (n/b) Σ_{k∈B} (∇ℓ_k(θ) − ∇ℓ_k(θ*) − H_k(θ − θ*)) ]
//               − ∇log p(θ),   H_k = ∇²ℓ_k(θ*), H = Σ_k H_k (once, O(n d²)),
// whose error is O(‖θ − θ*‖²) — exactly zero for linear regression, whose ∇ℓ_k are affine. It
// needs per-datum Hessians (regression targets) and costs 3b per call (gradients at θ and θ*, and
// H_k). taylor1 (the default) is the estimator above.
//
// Centre θ*: the mean of the target's reference posterior (the regressions' conjugate mean or
// Newton MAP, ewsg-gauss's exact mean), otherwise gradient descent with backtracking on the full
// U from default_init().
// Cost, counted per datum: the O(n) set-up Σ_k ∇ℓ_k(θ*) (plus any generic MAP search) once, then
// 2b per call — ∇ℓ_k is evaluated at θ and at θ* for each drawn datum. We do not cache the n
// per-datum ∇ℓ_k(θ*): that would halve the per-call cost but take n·d doubles of memory, which
// defeats the point of subsampling at n = 10⁶ and beyond.
#pragma once

#include <cstdint>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/util/params.hpp"
#include "core/util/rng.hpp"

namespace sgl {

class SecondOrderData;

class ControlVariateGradient {
 public:
  // Throws UserError if the target has no per-datum terms. `sampler_id` names the caller in it.
  ControlVariateGradient(const Target& target, const std::string& sampler_id);

  void estimate(const double* theta, double* grad, Rng& rng);
  void set_batch_size(int batch_size);
  // taylor2 (true) or taylor1; the first switch to taylor2 computes H = Σ_k H_k(θ*) (counted as
  // set-up). Throws UserError for taylor2 on a target without per-datum Hessians.
  void set_second_order(bool second_order);

  // Per-datum gradient evaluations so far, including the one-off set-up.
  std::uint64_t evaluations() const { return evaluations_; }
  // The one-off part of evaluations(): Σ_k ∇ℓ_k(θ*) and the search for θ* where one was needed.
  std::uint64_t setup_evaluations() const { return setup_evaluations_; }
  const Vec& centre() const { return centre_; }

 private:
  void find_centre_by_gradient_descent();

  bool second_order_ = false;
  const SecondOrderData* second_order_data_ = nullptr;  // per-datum Hessians, set by taylor2
  Eigen::MatrixXd hessian_sum_;                         // Σ_k ∇²ℓ_k(θ*), empty until taylor2
  Eigen::MatrixXd batch_hessian_;
  Vec offset_;  // θ − θ*

  const Target& target_;
  const DataTarget& data_;
  int dim_;
  int batch_size_ = 1;
  Vec centre_;
  Vec full_loglik_gradient_at_centre_;  // Σ_k ∇ℓ_k(θ*)
  std::vector<std::int64_t> indices_;
  std::uint64_t setup_evaluations_ = 0;
  std::uint64_t evaluations_ = 0;
};

// The parameters of a control-variate sampler: those of its plain sampler without `noise_var`
// (control variates need per-datum terms, so analytic targets never apply).
std::vector<ParamDescriptor> control_variate_descriptors(std::vector<ParamDescriptor> plain);

}  // namespace sgl
