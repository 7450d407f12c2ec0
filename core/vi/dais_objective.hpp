// One DAIS ELBO sample and its exact reparameterised gradient by a hand-derived adjoint
// (Jankowiak & Phan 2021, Algs. 1–3; Geffner & Domke 2021;
// docs/algorithms.md#dais-ns-dais-and-sl-dais).
//
// Forward, with M = I and T(z) = log p(z) + Ψ(z) the dynamics' log density:
//   z₀ = μ + s⊙ε, v₀ ~ N(0, I); for k = 1..K:
//     u_k = γ v_{k−1} + √(1−γ²) ξ_k                     (partial refresh; v_in)
//     h_k = u_k − (η/2) F_k(z_{k−1});  z_k = z_{k−1} + η h_k;  v_k = h_k − (η/2) F_k(z_k)   (v_out)
//   with F_k = ∇V_k = (1−β_k)(z−μ)/s² − β_k ∇T(z), V_k = −(1−β_k) log q₀ − β_k T;
//   log w = log p(z_K) + Ψ_final(z_K) − log q₀(z₀) − Σ_k (½‖v_k‖² − ½‖u_k‖²).
// Backward: reverse mode through the K steps. The Jacobian of F_k is (1−β_k)/s² − β_k ∇²T, so
// each of the K+1 points z_k needs one Hessian-vector product (the two uses of z_k, by step k's
// second half kick and step k+1's first, are combined). Cost per sample: K+1 gradients and K+1
// Hessian-vector products of Ψ, plus one gradient of the final term.
//
// Unconstrained parameters φ (DaisLayout): μ, ρ = log s, b (β_k = Σ_{i≤k} e^{b_i} / Σ_i e^{b_i},
// so 0 < β₁ < … < β_K = 1), a (η = η_max σ(a), η_max = 0.25), c (γ = σ(c)), and for SL-DAIS with
// learnable weights w (ω_j = e^{w_j}).
#pragma once

#include <cstdint>
#include <vector>

#include "core/util/rng.hpp"
#include "core/vi/dais_likelihood.hpp"

namespace sgl {

constexpr double kDaisMaxStepSize = 0.25;

struct DaisLayout {
  int dim = 1;
  int steps = 8;    // K
  int weights = 0;  // learnable surrogate weights (SL-DAIS); 0 otherwise
  int mu() const { return 0; }
  int log_scale() const { return dim; }
  int beta() const { return 2 * dim; }
  int eta() const { return 2 * dim + steps; }
  int gamma() const { return 2 * dim + steps + 1; }
  int omega() const { return 2 * dim + steps + 2; }
  int size() const { return 2 * dim + steps + 2 + weights; }
};

// The constrained values φ stands for.
struct DaisParameters {
  Vec mu;
  Vec scale;
  Vec beta;  // β_1..β_K, β_K = 1
  double eta = 0.0;
  double gamma = 0.0;
};
DaisParameters constrain(const Vec& phi, const DaisLayout& layout);
// φ with the given constrained values (β increments uniform unless `beta` is given).
Vec unconstrain(const DaisParameters& values, const DaisLayout& layout);

// A weighted likelihood term Σ_j w_j ℓ_{idx_j}.
struct WeightedData {
  const std::int64_t* idx = nullptr;
  const double* w = nullptr;
  int count = 0;
};

// What the forward pass keeps for the backward pass; reused between samples.
struct DaisTape {
  void resize(int dim, int steps);
  Eigen::MatrixXd z;  // dim × (K+1)
  Eigen::MatrixXd g;  // ∇T(z_k), dim × (K+1)
  Eigen::MatrixXd u;  // column k−1 holds u_k
  Eigen::MatrixXd h;
  Eigen::MatrixXd v;   // v_0..v_K
  Eigen::MatrixXd xi;  // ξ_k, column k−1
  Vec eps;
};

class DaisObjective {
 public:
  DaisObjective(const DaisLikelihood& likelihood, const DaisLayout& layout);

  const DaisLayout& layout() const { return layout_; }

  // Runs the K transitions from fresh draws (ε, v₀, ξ_1..ξ_K from `rng`, in that order) and
  // returns −log q₀(z₀) − Σ_k (½‖v_k‖² − ½‖u_k‖²); z_K is tape.z.col(K), v_K is tape.v.col(K).
  double forward(const DaisParameters& p, WeightedData dynamics, Rng& rng, DaisTape& tape) const;

  // log p(z_K) + Ψ_final(z_K).
  double final_term(const DaisTape& tape, WeightedData final_data) const;

  // Adds ∇_φ log w to grad (size layout.size()). `dynamics` must be the set `forward` used; with
  // learnable weights its w must be e^{φ_omega} (grad gets ∂/∂w_j = ω_j ∂/∂ω_j).
  void backward(const DaisParameters& p, WeightedData dynamics, WeightedData final_data,
                const DaisTape& tape, Vec& grad) const;

 private:
  // ∇T(z) = ∇log p(z) + Σ w_j ∇ℓ_j(z).
  void dynamics_gradient(const double* z, WeightedData dynamics, double* out) const;

  const DaisLikelihood& likelihood_;
  DaisLayout layout_;
};

}  // namespace sgl
