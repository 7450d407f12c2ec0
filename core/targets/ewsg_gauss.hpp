// The Gaussian of the EWSG paper, Fig. 1a: V(θ) = Σ_{i=1..n} ½‖θ − c_i‖², c_i ~ N(0, I₂) from a
// fixed seed; ℓ_i = −½‖θ − c_i‖² and a flat prior. The exact posterior is N(mean(c), I/n).
#pragma once

#include <memory>

#include "core/targets/data_target.hpp"
#include "core/targets/second_order_data.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {

class EwsgGaussTarget final : public DataTarget, public SecondOrderData {
 public:
  EwsgGaussTarget(int n, std::uint64_t seed);

  std::string id() const override { return "ewsg-gauss"; }
  int dim() const override { return 2; }
  std::vector<std::string> coordinate_names() const override { return {"x", "y"}; }
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;
  const TruthGrid* truth() const override { return truth_.get(); }
  Vec default_init() const override { return Vec::Zero(2); }
  std::vector<Interval> view_box() const override { return box_; }

  std::int64_t num_data() const override { return centres_.rows(); }
  double log_likelihood_datum(std::int64_t k, const double* theta) const override;
  void add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                   const double* theta, double* grad) const override;
  double log_prior(const double*) const override { return 0.0; }
  void add_log_prior_gradient(const double*, double, double*) const override {}
  std::optional<ReferencePosterior> reference_posterior() const override;

  const SecondOrderData* second_order() const override { return this; }
  // H += weight · Σ ∇²ℓ_i = −weight · count · I.
  void add_log_likelihood_hessian(const std::int64_t* idx, int count, double weight,
                                  const double* theta, Eigen::MatrixXd& H) const override;
  void add_log_prior_hessian(double, Eigen::MatrixXd&) const override {}  // flat prior

  // The centres c_i, one per row (n × 2).
  const Eigen::MatrixX2d& centres() const { return centres_; }
  Vec exact_mean() const { return mean_; }
  Eigen::Matrix2d exact_covariance() const;

 private:
  Eigen::MatrixX2d centres_;
  Vec mean_;
  double mean_square_norm_ = 0.0;  // (1/n) Σ‖c_i‖²
  std::vector<Interval> box_;
  std::unique_ptr<TruthGrid> truth_;
};

}  // namespace sgl
