// predictive_bands: the mean and the 5/25/75/95% quantiles of a model's predictions over draws,
// on a model whose prediction is known (f(x; θ) = θ₀ + x), so every band is exact arithmetic.
#include <catch2/catch.hpp>
#include <vector>

#include "core/diagnostics/posterior_predictive.hpp"

using namespace sgl;

namespace {

class ShiftModel final : public PredictiveModel {
 public:
  Response response() const override { return Response::Real; }
  const Matrix& inputs() const override { return inputs_; }
  const Eigen::VectorXd& responses() const override { return responses_; }
  const std::vector<std::string>& input_names() const override { return names_; }
  double noise_sd() const override { return 0.0; }
  Matrix predict(const double* theta, const Matrix& at) const override {
    return (at.array() + theta[0]).matrix();
  }

 private:
  Matrix inputs_ = Matrix::Zero(1, 1);
  Eigen::VectorXd responses_ = Eigen::VectorXd::Zero(1);
  std::vector<std::string> names_ = {"x"};
};

}  // namespace

TEST_CASE("predictive bands: mean and quantiles over the draws, newest kept when thinned",
          "[predictive]") {
  const ShiftModel model;
  // 101 draws of dim 2: θ₀ = 0, 1, ..., 100 (θ₁ unused).
  std::vector<double> draws;
  for (int k = 0; k <= 100; ++k) draws.insert(draws.end(), {double(k), -7.0});
  PredictiveModel::Matrix at(2, 1);
  at << 0.0, 10.0;
  const PredictiveBands all = predictive_bands(model, draws.data(), 101, 2, at, 1000);
  REQUIRE(all.draws == 101);
  CHECK(all.mean[0] == Approx(50.0));
  CHECK(all.mean[1] == Approx(60.0));
  CHECK(all.q05[0] == Approx(5.0));
  CHECK(all.q25[0] == Approx(25.0));
  CHECK(all.q75[1] == Approx(85.0));
  CHECK(all.q95[1] == Approx(105.0));
  // Thinned to 10 of the 101: the newest (θ₀ = 100) is among them, then every tenth going back.
  const PredictiveBands thinned = predictive_bands(model, draws.data(), 101, 2, at, 10);
  REQUIRE(thinned.draws == 10);
  // θ₀ = 100, 90, ..., 10: mean 55; the 95% quantile at position 8.55 of the sorted ten.
  CHECK(thinned.mean[0] == Approx(55.0));
  CHECK(thinned.q95[0] == Approx(95.5));
  const PredictiveBands none = predictive_bands(model, draws.data(), 0, 2, at, 10);
  CHECK(none.draws == 0);
  CHECK(none.mean.empty());
}
