// The capability of a target that models a response given inputs (the Bayesian MLP): its data
// and the mean prediction under one θ. The predictive view averages predictions over a chain's
// draws (the posterior predictive) and draws them with the data. predictive_model(target)
// returns it where a target has one.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace sgl {

class Target;

class PredictiveModel {
 public:
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  enum class Response {
    Real,        // regression: the prediction is E[y | x, θ]
    Binary,      // the prediction is P(y = 1 | x, θ)
    Categorical  // one column per class: P(y = c | x, θ)
  };

  virtual ~PredictiveModel() = default;

  virtual Response response() const = 0;
  // The data the model was fitted to: n × inputs, and n responses.
  virtual const Matrix& inputs() const = 0;
  virtual const Eigen::VectorXd& responses() const = 0;
  virtual const std::vector<std::string>& input_names() const = 0;
  // Real responses: the known observation noise sd (0 where there is none).
  virtual double noise_sd() const = 0;
  // The mean prediction at each row of `at` (rows × inputs) under θ: rows × 1, or rows × K for
  // categorical responses.
  virtual Matrix predict(const double* theta, const Matrix& at) const = 0;

 protected:
  PredictiveModel() = default;
  PredictiveModel(const PredictiveModel&) = default;
  PredictiveModel& operator=(const PredictiveModel&) = default;
};

// The target's predictive model, or null for targets without one: a capability query like
// Target's own, answered by whether the target's class also derives from PredictiveModel (the
// MLP does), so a new predicting target needs no change here.
const PredictiveModel* predictive_model(const Target& target);

}  // namespace sgl
