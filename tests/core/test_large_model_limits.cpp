// Limits that must scale with the model (issue 31: a 79 510-parameter network): the energy jump
// that counts as a divergence between a free-step sampler's check points, and the smallest step
// size a sampler accepts.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "core/run/chain.hpp"
#include "core/samplers/divergence_threshold.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// U(θ) = ½‖θ‖² in d dimensions, split evenly over n data (ℓ_k = −‖θ‖²/(2n), flat prior): a
// posterior N(0, I) whose minibatch gradients are exact, so only the injected noise moves H.
class IsotropicData final : public DataTarget {
 public:
  IsotropicData(int dim, std::int64_t n) : dim_(dim), n_(n) {}
  std::string id() const override { return "isotropic-test"; }
  int dim() const override { return dim_; }
  std::vector<std::string> coordinate_names() const override {
    std::vector<std::string> names;
    for (int i = 0; i < dim_; ++i) {
      std::string name = "x";  // (not "x" + to_string: GCC 12's -Wrestrict false positive)
      name += std::to_string(i);
      names.push_back(name);
    }
    return names;
  }
  double potential(const double* theta) const override { return 0.5 * squared_norm(theta); }
  void gradient(const double* theta, double* grad) const override {
    for (int i = 0; i < dim_; ++i) grad[i] = theta[i];
  }
  std::vector<Interval> view_box() const override {
    return std::vector<Interval>(std::size_t(dim_), Interval{-4.0, 4.0});
  }
  std::int64_t num_data() const override { return n_; }
  double log_likelihood_datum(std::int64_t, const double* theta) const override {
    return -0.5 * squared_norm(theta) / double(n_);
  }
  void add_log_likelihood_gradient(const std::int64_t*, int count, double weight,
                                   const double* theta, double* grad) const override {
    for (int i = 0; i < dim_; ++i) grad[i] -= weight * double(count) * theta[i] / double(n_);
  }
  double log_prior(const double*) const override { return 0.0; }
  void add_log_prior_gradient(const double*, double, double*) const override {}

 private:
  double squared_norm(const double* theta) const {
    double sum = 0.0;
    for (int i = 0; i < dim_; ++i) sum += theta[i] * theta[i];
    return sum;
  }
  int dim_;
  std::int64_t n_;
};

}  // namespace

TEST_CASE("the divergence threshold of free-step samplers scales with the dimension",
          "[samplers][divergence]") {
  CHECK(free_step_divergence_threshold(2) == kDivergenceThreshold);
  CHECK(free_step_divergence_threshold(1000) == kDivergenceThreshold);
  CHECK(free_step_divergence_threshold(79510) == 79510.0);

  // SGLD started at the mode of N(0, I) in 20 000 dimensions: U rises by about d/2 = 10 000 to
  // equilibrium within the first check-point interval. That is sampling, not a divergence; the
  // fixed threshold of 1000 stopped it at the first check point.
  const auto target = std::make_shared<const IsotropicData>(20000, 100);
  // A draw every 50 steps: each is a check point (with thin 1 the rise is spread over 50 checks).
  Chain healthy(target, "sgld", {{"step_size", 0.1}, {"batch_size", 10}}, 1,
                Vec::Zero(target->dim()), 0, 50, 1);
  healthy.run(500);
  INFO(healthy.stop_reason());
  CHECK_FALSE(healthy.stopped());
  CHECK(healthy.counters().steps == 500);

  // A real divergence is still caught: ε = 9 multiplies θ by |1 − ε/2| = 3.5 per step.
  Chain unstable(target, "sgld", {{"step_size", 9.0}, {"batch_size", 10}}, 1,
                 Vec::Zero(target->dim()), 0, 1, 1);
  unstable.run(500);
  CHECK(unstable.stopped());
  CHECK_THAT(unstable.stop_reason(), Catch::Contains("diverged"));
}

TEST_CASE(
    "step sizes far below 1e-5 are accepted: a large network's data-scaled gradient needs them",
    "[samplers][params]") {
  // On 60 000 images the minibatch gradient is scaled by n/b = 600, and SGLD wants ε ≈ 2e-7
  // (SGD's learning rate 1e-7 of Chen et al.'s setting); the old floor of 1e-5 refused it.
  const auto target = std::make_shared<const IsotropicData>(10, 100);
  for (const char* sampler : {"sgld", "psgld", "sghmc", "ewsg"}) {
    INFO(sampler);
    Chain chain(target, sampler, {{"step_size", 2e-7}, {"batch_size", 10}}, 1,
                Vec::Zero(target->dim()), 0, 1, 1);
    chain.run(10);
    CHECK(chain.counters().steps == 10);
  }
  CHECK_THROWS_AS(Chain(target, "sgld", {{"step_size", 0.0}, {"batch_size", 10}}, 1,
                        Vec::Zero(target->dim()), 0, 1, 1),
                  UserError);
}

}  // namespace sgl
