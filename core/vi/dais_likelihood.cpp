#include "core/vi/dais_likelihood.hpp"

#include "core/targets/ewsg_gauss.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/logistic_regression.hpp"
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

}  // namespace

DaisLikelihood::DaisLikelihood(const DataTarget& target) : target_(target), dim_(target.dim()) {
  if ((linear_ = dynamic_cast<const LinearRegressionTarget*>(&target))) {
    kind_ = Kind::Linear;
    noise_precision_ = 1.0 / (linear_->noise_sd() * linear_->noise_sd());
    prior_precision_ = 1.0 / (linear_->prior_sd() * linear_->prior_sd());
  } else if ((logistic_ = dynamic_cast<const LogisticRegressionTarget*>(&target))) {
    kind_ = Kind::Logistic;
    prior_precision_ = 1.0 / (logistic_->prior_sd() * logistic_->prior_sd());
  } else if ((gauss_ = dynamic_cast<const EwsgGaussTarget*>(&target))) {
    kind_ = Kind::Gauss;
    prior_precision_ = 0.0;  // flat prior
  } else {
    throw UserError(
        "DAIS needs per-datum curvature, known for linear, logistic, CSV data and "
        "ewsg-gauss targets; '" +
        target.id() + "' is not supported");
  }
}

double DaisLikelihood::linear_predictor(std::int64_t k, const double* z) const {
  const Dataset& data = kind_ == Kind::Linear ? linear_->data() : logistic_->data();
  const double* x = data.row(k);
  double eta = 0.0;
  for (int i = 0; i < dim_; ++i) eta += x[i] * z[i];
  return eta;
}

double DaisLikelihood::slope(std::int64_t k, double eta) const {
  if (kind_ == Kind::Linear) return (linear_->data().y[k] - eta) * noise_precision_;
  return logistic_residual(logistic_->data().y[k], eta);
}

double DaisLikelihood::curvature(double eta) const {
  if (kind_ == Kind::Linear) return -noise_precision_;
  return -logistic_curvature(eta);
}

double DaisLikelihood::value(const std::int64_t* idx, const double* w, int count,
                             const double* z) const {
  double sum = 0.0;
  for (int j = 0; j < count; ++j) sum += w[j] * target_.log_likelihood_datum(idx[j], z);
  return sum;
}

void DaisLikelihood::add_gradient(const std::int64_t* idx, const double* w, int count,
                                  const double* z, double* grad) const {
  if (kind_ == Kind::Gauss) {
    const auto& c = gauss_->centres();
    for (int j = 0; j < count; ++j) {
      grad[0] -= w[j] * (z[0] - c(idx[j], 0));
      grad[1] -= w[j] * (z[1] - c(idx[j], 1));
    }
    return;
  }
  const Dataset& data = kind_ == Kind::Linear ? linear_->data() : logistic_->data();
  for (int j = 0; j < count; ++j) {
    const double* x = data.row(idx[j]);
    double eta = 0.0;
    for (int i = 0; i < dim_; ++i) eta += x[i] * z[i];
    const double a = w[j] * slope(idx[j], eta);
    for (int i = 0; i < dim_; ++i) grad[i] += a * x[i];
  }
}

void DaisLikelihood::add_hessian_vector(const std::int64_t* idx, const double* w, int count,
                                        const double* z, const double* v, double* out) const {
  if (kind_ == Kind::Gauss) {
    double total = 0.0;
    for (int j = 0; j < count; ++j) total += w[j];
    out[0] -= total * v[0];
    out[1] -= total * v[1];
    return;
  }
  const Dataset& data = kind_ == Kind::Linear ? linear_->data() : logistic_->data();
  for (int j = 0; j < count; ++j) {
    const double* x = data.row(idx[j]);
    const RowProducts p = row_products(x, z, v, dim_);
    const double a = w[j] * curvature(p.eta) * p.xv;
    for (int i = 0; i < dim_; ++i) out[i] += a * x[i];
  }
}

void DaisLikelihood::add_directional(const std::int64_t* idx, int count, const double* z,
                                     const double* v, double scale, double* out) const {
  if (kind_ == Kind::Gauss) {
    const auto& c = gauss_->centres();
    for (int j = 0; j < count; ++j)
      out[j] -= scale * ((z[0] - c(idx[j], 0)) * v[0] + (z[1] - c(idx[j], 1)) * v[1]);
    return;
  }
  const Dataset& data = kind_ == Kind::Linear ? linear_->data() : logistic_->data();
  for (int j = 0; j < count; ++j) {
    const double* x = data.row(idx[j]);
    const RowProducts p = row_products(x, z, v, dim_);
    out[j] += scale * slope(idx[j], p.eta) * p.xv;
  }
}

void DaisLikelihood::add_log_prior_hessian_vector(const double* v, double* out) const {
  for (int i = 0; i < dim_; ++i) out[i] -= prior_precision_ * v[i];
}

}  // namespace sgl
