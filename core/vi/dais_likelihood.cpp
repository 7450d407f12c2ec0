#include "core/vi/dais_likelihood.hpp"

#include "core/util/error.hpp"

namespace sgl {
namespace {

// xᵀz (the linear predictor η) and xᵀv (its derivative along v) in one pass over the row.
struct RowProducts {
  double eta = 0.0;
  double xv = 0.0;
};
RowProducts row_products(const double* x, const double* z, const double* v, int dim) {
  RowProducts products;
  for (int i = 0; i < dim; ++i) {
    products.eta += x[i] * z[i];
    products.xv += x[i] * v[i];
  }
  return products;
}

const SecondOrderData& require_second_order(const DataTarget& target) {
  const SecondOrderData* second_order = target.second_order();
  if (second_order == nullptr)
    throw UserError("DAIS needs per-datum curvature (second-order data), which target '" +
                    target.id() + "' does not provide");
  return *second_order;
}

}  // namespace

DaisLikelihood::DaisLikelihood(const DataTarget& target)
    : target_(target),
      second_order_(require_second_order(target)),
      glm_(second_order_.glm()),
      dim_(target.dim()) {
  // The priors here have a constant diagonal Hessian (N(0, prior_sd² I) or flat).
  Eigen::MatrixXd prior_hessian = Eigen::MatrixXd::Zero(dim_, dim_);
  second_order_.add_log_prior_hessian(1.0, prior_hessian);
  prior_precision_.resize(dim_);
  for (int i = 0; i < dim_; ++i) prior_precision_[i] = 0.0 - prior_hessian(i, i);  // +0 if flat
}

double DaisLikelihood::value(const std::int64_t* idx, const double* w, int count,
                             const double* z) const {
  double sum = 0.0;
  for (int j = 0; j < count; ++j) sum += w[j] * target_.log_likelihood_datum(idx[j], z);
  return sum;
}

void DaisLikelihood::add_gradient(const std::int64_t* idx, const double* w, int count,
                                  const double* z, double* grad) const {
  if (!glm_) {
    for (int j = 0; j < count; ++j) target_.add_log_likelihood_gradient(idx + j, 1, w[j], z, grad);
    return;
  }
  for (int j = 0; j < count; ++j) {
    const double* x = glm_->row(idx[j]);
    double eta = 0.0;
    for (int i = 0; i < dim_; ++i) eta += x[i] * z[i];
    const double a = w[j] * glm_->slope(idx[j], eta);
    for (int i = 0; i < dim_; ++i) grad[i] += a * x[i];
  }
}

void DaisLikelihood::add_hessian_vector(const std::int64_t* idx, const double* w, int count,
                                        const double* z, const double* v, double* out) const {
  if (!glm_) {
    // Σ_j w_j ∇²ℓ_{idx_j}(z) as one dense matrix, then one product with v.
    Eigen::MatrixXd hessian = Eigen::MatrixXd::Zero(dim_, dim_);
    for (int j = 0; j < count; ++j)
      second_order_.add_log_likelihood_hessian(idx + j, 1, w[j], z, hessian);
    for (int i = 0; i < dim_; ++i) {
      double product = 0.0;
      for (int l = 0; l < dim_; ++l) product += hessian(i, l) * v[l];
      out[i] += product;
    }
    return;
  }
  for (int j = 0; j < count; ++j) {
    const double* x = glm_->row(idx[j]);
    const RowProducts p = row_products(x, z, v, dim_);
    const double a = w[j] * glm_->curvature(p.eta) * p.xv;
    for (int i = 0; i < dim_; ++i) out[i] += a * x[i];
  }
}

void DaisLikelihood::add_directional(const std::int64_t* idx, int count, const double* z,
                                     const double* v, double scale, double* out) const {
  if (!glm_) {
    Vec gradient(dim_);
    for (int j = 0; j < count; ++j) {
      gradient.setZero();
      target_.add_log_likelihood_gradient(idx + j, 1, 1.0, z, gradient.data());
      double directional = 0.0;
      for (int i = 0; i < dim_; ++i) directional += gradient[i] * v[i];
      out[j] += scale * directional;
    }
    return;
  }
  for (int j = 0; j < count; ++j) {
    const double* x = glm_->row(idx[j]);
    const RowProducts p = row_products(x, z, v, dim_);
    out[j] += scale * glm_->slope(idx[j], p.eta) * p.xv;
  }
}

void DaisLikelihood::add_log_prior_hessian_vector(const double* v, double* out) const {
  for (int i = 0; i < dim_; ++i) out[i] -= prior_precision_[i] * v[i];
}

}  // namespace sgl
