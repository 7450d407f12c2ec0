// Regression data (a design matrix with an intercept column and a response) from the synthetic
// generator or a CSV file, and RegressionTarget: the common base of the linear and logistic
// targets (data access, N(0, prior_sd² I) prior, per-datum curvature for control variates).
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/targets/second_order_data.hpp"
#include "core/util/rng.hpp"

namespace sgl {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct Dataset {
  RowMatrix x;  // n × p design matrix; column 0 is the intercept (all ones)
  Vec y;        // n responses
  std::vector<std::string> coefficient_names;  // p names: "intercept", then one per covariate
  Vec true_coefficients;  // synthetic data: the β that generated y; empty for CSV data
  std::string source;     // "synthetic" or the CSV path

  std::int64_t size() const { return x.rows(); }
  int num_coefficients() const { return static_cast<int>(x.cols()); }
  const double* row(std::int64_t k) const { return x.data() + k * x.cols(); }
};

enum class ResponseKind { Gaussian, Binary };

// The documented synthetic coefficients for d covariates: intercept 0.5, then
// β_j = (−1)^{j+1} (0.5 + 0.5 j/d), j = 1..d (so +0.5+0.5/d, −(0.5+1/d), …, ±1).
Vec synthetic_coefficients(int d);

// n rows with x_kj ~ N(0, 1) (drawn row by row from Rng(seed)) and y from the model:
// Gaussian: y = xᵀβ + noise_sd·N(0, 1); Binary: y = 1{u < σ(xᵀβ)}, u ~ U[0, 1).
// Names: "intercept", "x1".."xd".
Dataset make_synthetic_dataset(ResponseKind kind, std::int64_t n, int d, std::uint64_t seed,
                               double noise_sd);

// make_synthetic_dataset's rows one at a time, in its order, so that a tool can stream a data set
// too large to hold twice to a file (bench/make_tall_npy.cpp) and get the same numbers.
class SyntheticRows {
 public:
  SyntheticRows(ResponseKind kind, int d, std::uint64_t seed, double noise_sd);
  // Writes the row's d + 1 design values (x[0] = 1, the intercept) and returns its response.
  double next(double* x);

 private:
  ResponseKind kind_;
  Vec beta_;
  double noise_sd_;
  Rng rng_;
};

// Loads a CSV with a header: `response` is y, every other column a covariate, in file order.
// No transformation. Throws UserError (file, line, column) for malformed input, a missing
// response column, or (Binary) a response other than 0 or 1.
Dataset load_csv_dataset(const std::string& path, const std::string& response, ResponseKind kind);

// The same from a NumPy .npy file (a 2-D float64/float32 array) whose column names are in the
// sidecar FILE.columns.txt (npy_file.hpp); read straight into the design matrix. Throws
// UserError (one line) for a malformed file, a missing or mismatched sidecar, a value that is
// not finite, or (Binary) a response other than 0 or 1 (row and column named).
Dataset load_npy_dataset(const std::string& path, const std::string& response, ResponseKind kind);

// load_npy_dataset for a path ending in .npy, load_csv_dataset for any other.
Dataset load_data_file(const std::string& path, const std::string& response, ResponseKind kind);

// Refuses (UserError) a regression with more covariates than kMaxRegressionCovariates.
void check_regression_size(int covariates, const std::string& source);

// U(β) = −Σ_k ℓ_k(β) − log p(β), p = N(0, prior_sd² I) with its normalising constant; the
// derived classes also keep ℓ_k's constants, so −U is the exact log joint density. Every
// regression offers second-order data in GLM form and its posterior mode.
class RegressionTarget : public DataTarget, public SecondOrderData {
 public:
  int dim() const override { return data_.num_coefficients(); }
  std::vector<std::string> coordinate_names() const override { return data_.coefficient_names; }
  std::vector<Interval> view_box() const override { return box_; }
  std::int64_t num_data() const override { return data_.size(); }

  double log_prior(const double* theta) const override;
  void add_log_prior_gradient(const double* theta, double weight, double* grad) const override;

  const Dataset& data() const { return data_; }
  double prior_sd() const { return prior_sd_; }

  const SecondOrderData* second_order() const override { return this; }
  // H += weight · ∇²log p = −weight / prior_sd² · I.
  void add_log_prior_hessian(double weight, Eigen::MatrixXd& H) const override;
  // Posterior mode (for the linear model also the exact posterior mean).
  virtual Vec map() const = 0;
  std::optional<Vec> posterior_mode() const override { return map(); }

 protected:
  RegressionTarget(Dataset data, double prior_sd);
  // View box: centre ± 4 sd per coordinate (sd from the diagonal of `covariance`).
  void set_view_box(const Vec& centre, const Eigen::MatrixXd& covariance);

  Dataset data_;
  double prior_sd_;

 private:
  std::vector<Interval> box_;
};

}  // namespace sgl
