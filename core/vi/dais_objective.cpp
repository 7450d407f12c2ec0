#include "core/vi/dais_objective.hpp"

#include <cmath>
#include <numbers>

namespace sgl {
namespace {

double sigmoid(double t) {
  return 1.0 / (1.0 + std::exp(-t));
}
double logit(double p) {
  return std::log(p / (1.0 - p));
}

}  // namespace

DaisParameters constrain(const Vec& phi, const DaisLayout& layout) {
  DaisParameters p;
  p.mu = phi.segment(layout.mu(), layout.dim);
  p.scale = phi.segment(layout.log_scale(), layout.dim).array().exp();
  const Vec increments = phi.segment(layout.beta(), layout.steps).array().exp();
  p.beta.resize(layout.steps);
  double cumulative = 0.0;
  for (int k = 0; k < layout.steps; ++k) p.beta[k] = (cumulative += increments[k]);
  p.beta /= cumulative;
  p.beta[layout.steps - 1] = 1.0;  // exactly, whatever the rounding of the division
  p.eta = kDaisMaxStepSize * sigmoid(phi[layout.eta()]);
  p.gamma = sigmoid(phi[layout.gamma()]);
  return p;
}

Vec unconstrain(const DaisParameters& values, const DaisLayout& layout) {
  Vec phi = Vec::Zero(layout.size());
  phi.segment(layout.mu(), layout.dim) = values.mu;
  phi.segment(layout.log_scale(), layout.dim) = values.scale.array().log();
  if (values.beta.size() == layout.steps) {
    double previous = 0.0;
    for (int k = 0; k < layout.steps; ++k) {
      phi[layout.beta() + k] = std::log(values.beta[k] - previous);
      previous = values.beta[k];
    }
  }
  phi[layout.eta()] = logit(values.eta / kDaisMaxStepSize);
  phi[layout.gamma()] = logit(values.gamma);
  return phi;
}

void DaisTape::resize(int dim, int steps) {
  if (z.rows() == dim && z.cols() == steps + 1) return;
  z.resize(dim, steps + 1);
  g.resize(dim, steps + 1);
  u.resize(dim, steps);
  h.resize(dim, steps);
  v.resize(dim, steps + 1);
  xi.resize(dim, steps);
  eps.resize(dim);
}

DaisObjective::DaisObjective(const DaisLikelihood& likelihood, const DaisLayout& layout)
    : likelihood_(likelihood), layout_(layout) {}

void DaisObjective::dynamics_gradient(const double* z, WeightedData dynamics, double* out) const {
  for (int i = 0; i < layout_.dim; ++i) out[i] = 0.0;
  likelihood_.add_log_prior_gradient(z, out);
  likelihood_.add_gradient(dynamics.idx, dynamics.w, dynamics.count, z, out);
}

double DaisObjective::forward(const DaisParameters& p, WeightedData dynamics, Rng& rng,
                              DaisTape& tape) const {
  const int d = layout_.dim;
  const int K = layout_.steps;
  tape.resize(d, K);
  for (int i = 0; i < d; ++i) tape.eps[i] = rng.normal();
  for (int i = 0; i < d; ++i) tape.v(i, 0) = rng.normal();
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < d; ++i) tape.xi(i, k) = rng.normal();

  const Vec inv_var = p.scale.array().square().inverse();
  tape.z.col(0) = p.mu + p.scale.cwiseProduct(tape.eps);
  // −log q₀(z₀) = ½‖ε‖² + Σ log s + (d/2) log 2π.
  double log_w = 0.5 * tape.eps.squaredNorm() + p.scale.array().log().sum() +
                 0.5 * d * std::log(2.0 * std::numbers::pi);
  dynamics_gradient(tape.z.col(0).data(), dynamics, tape.g.col(0).data());
  const double refresh = std::sqrt(1.0 - p.gamma * p.gamma);
  const double half_eta = 0.5 * p.eta;
  Vec force(d);
  for (int k = 1; k <= K; ++k) {
    const double beta = p.beta[k - 1];
    tape.u.col(k - 1) = p.gamma * tape.v.col(k - 1) + refresh * tape.xi.col(k - 1);
    force =
        (1.0 - beta) * (tape.z.col(k - 1) - p.mu).cwiseProduct(inv_var) - beta * tape.g.col(k - 1);
    tape.h.col(k - 1) = tape.u.col(k - 1) - half_eta * force;
    tape.z.col(k) = tape.z.col(k - 1) + p.eta * tape.h.col(k - 1);
    dynamics_gradient(tape.z.col(k).data(), dynamics, tape.g.col(k).data());
    force = (1.0 - beta) * (tape.z.col(k) - p.mu).cwiseProduct(inv_var) - beta * tape.g.col(k);
    tape.v.col(k) = tape.h.col(k - 1) - half_eta * force;
    log_w -= 0.5 * (tape.v.col(k).squaredNorm() - tape.u.col(k - 1).squaredNorm());
  }
  return log_w;
}

double DaisObjective::final_term(const DaisTape& tape, WeightedData final_data) const {
  const double* z = tape.z.col(layout_.steps).data();
  return likelihood_.log_prior(z) +
         likelihood_.value(final_data.idx, final_data.w, final_data.count, z);
}

void DaisObjective::backward(const DaisParameters& p, WeightedData dynamics,
                             WeightedData final_data, const DaisTape& tape, Vec& grad) const {
  const int d = layout_.dim;
  const int K = layout_.steps;
  const Vec inv_var = p.scale.array().square().inverse();
  const double half_eta = 0.5 * p.eta;

  Vec zbar = Vec::Zero(d);  // adjoint of the current z_k
  const double* z_final = tape.z.col(K).data();
  likelihood_.add_log_prior_gradient(z_final, zbar.data());
  likelihood_.add_gradient(final_data.idx, final_data.w, final_data.count, z_final, zbar.data());

  Vec vbar = Vec::Zero(d), hbar(d), ubar(d), fbar_b(d), pending(d), combo(d), curvature(d);
  Vec diff(d), force(d);
  Vec mubar = Vec::Zero(d), rhobar = Vec::Zero(d), betabar = Vec::Zero(K);
  Vec wbar = Vec::Zero(layout_.weights);
  double etabar = 0.0, gammabar = 0.0;

  // Adjoints of F_step(z_point) = (1−β)(z−μ)/s² − β∇T(z) for up to two uses of one point,
  // with a single Hessian-vector product of T.
  struct Use {
    const Vec* fbar;
    int step;
  };
  const auto node = [&](int point, Use first, Use second) {
    const auto z = tape.z.col(point);
    diff = z - p.mu;
    combo.setZero();
    for (const Use& use : {first, second}) {
      if (use.fbar == nullptr) continue;
      const double beta = p.beta[use.step - 1];
      const Vec scaled = (1.0 - beta) * use.fbar->cwiseProduct(inv_var);
      zbar += scaled;
      mubar -= scaled;
      rhobar -= 2.0 * diff.cwiseProduct(scaled);
      betabar[use.step - 1] -= use.fbar->dot(diff.cwiseProduct(inv_var) + tape.g.col(point));
      combo += beta * *use.fbar;
    }
    curvature.setZero();
    likelihood_.add_log_prior_hessian_vector(combo.data(), curvature.data());
    likelihood_.add_hessian_vector(dynamics.idx, dynamics.w, dynamics.count, z.data(), combo.data(),
                                   curvature.data());
    zbar -= curvature;
    if (layout_.weights > 0)
      likelihood_.add_directional(dynamics.idx, dynamics.count, z.data(), combo.data(), -1.0,
                                  wbar.data());
  };

  bool has_pending = false;
  for (int k = K; k >= 1; --k) {
    const double beta = p.beta[k - 1];
    vbar -= tape.v.col(k);  // −½‖v_k‖²
    fbar_b = -half_eta * vbar;
    force = (1.0 - beta) * (tape.z.col(k) - p.mu).cwiseProduct(inv_var) - beta * tape.g.col(k);
    etabar -= 0.5 * force.dot(vbar);
    hbar = vbar;
    node(k, {&fbar_b, k}, {has_pending ? &pending : nullptr, k + 1});
    hbar += p.eta * zbar;  // z_k = z_{k−1} + η h_k
    etabar += tape.h.col(k - 1).dot(zbar);
    force =
        (1.0 - beta) * (tape.z.col(k - 1) - p.mu).cwiseProduct(inv_var) - beta * tape.g.col(k - 1);
    etabar -= 0.5 * force.dot(hbar);
    pending = -half_eta * hbar;  // F_k(z_{k−1}), resolved at node k−1
    has_pending = true;
    ubar = hbar + tape.u.col(k - 1);  // +½‖u_k‖²
    const double refresh = std::sqrt(1.0 - p.gamma * p.gamma);
    gammabar += ubar.dot(tape.v.col(k - 1) - (p.gamma / refresh) * tape.xi.col(k - 1));
    vbar = p.gamma * ubar;
  }
  node(0, {has_pending ? &pending : nullptr, 1}, {nullptr, 0});
  mubar += zbar;  // z₀ = μ + s⊙ε
  rhobar += zbar.cwiseProduct(p.scale).cwiseProduct(tape.eps);
  rhobar.array() += 1.0;  // −log q₀(z₀) ∋ Σ log s

  grad.segment(layout_.mu(), d) += mubar;
  grad.segment(layout_.log_scale(), d) += rhobar;
  // β_k = C_k / C_K with C_k = Σ_{i≤k} e^{b_i}: ∂β_k/∂b_i = e^{b_i}(1[i≤k] − β_k)/C_K.
  double total = 0.0;
  for (int k = 0; k < K; ++k) total += betabar[k] * p.beta[k];
  double tail = 0.0;
  Vec increments(K);
  double previous = 0.0;
  for (int k = 0; k < K; ++k) {
    increments[k] = p.beta[k] - previous;  // e^{b_k}/C_K
    previous = p.beta[k];
  }
  for (int i = K - 1; i >= 0; --i) {
    tail += betabar[i];
    grad[layout_.beta() + i] += increments[i] * (tail - total);
  }
  grad[layout_.eta()] += etabar * p.eta * (1.0 - p.eta / kDaisMaxStepSize);
  grad[layout_.gamma()] += gammabar * p.gamma * (1.0 - p.gamma);
  for (int j = 0; j < layout_.weights; ++j) grad[layout_.omega() + j] += wbar[j] * dynamics.w[j];
}

}  // namespace sgl
