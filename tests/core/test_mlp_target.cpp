// The Bayesian MLP target: backpropagated gradients against central finite differences for every
// likelihood, activation and depth (per datum and over the full data), minibatch gradients
// unbiased for the full gradient (the exact average over every minibatch of a tiny set),
// parameter names, the hidden=AxB shorthand, the refusals of bad options, and which samplers run
// on it.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "core/diagnostics/gradient_noise.hpp"
#include "core/gradients/minibatch_noise_ratio.hpp"
#include "core/run/chain.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/mlp_target.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> make_mlp(ParamValues params, const std::string& data = "") {
  return make_target({"mlp", std::move(params), data, "y"});
}

Vec random_point(int dim, std::uint64_t seed) {
  Rng rng(seed);
  Vec theta(dim);
  for (int j = 0; j < dim; ++j) theta[j] = 0.8 * rng.normal();
  return theta;
}

// max_j |a_j − b_j| / max(1, max_j |b_j|).
double relative_error(const Vec& a, const Vec& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

// Central differences of f along every coordinate with step h.
template <class F>
Vec central_differences(const F& f, const Vec& theta, double h) {
  Vec fd(theta.size());
  for (Eigen::Index j = 0; j < theta.size(); ++j) {
    Vec plus = theta, minus = theta;
    plus[j] += h;
    minus[j] -= h;
    fd[j] = (f(plus) - f(minus)) / (2.0 * h);
  }
  return fd;
}

std::string temp_csv(const std::string& contents) {
  static int counter = 0;
  const std::string path =
      "/tmp/sgl_test_mlp_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".csv";
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

}  // namespace

TEST_CASE("mlp: backpropagation agrees with central finite differences", "[targets][mlp]") {
  double worst = 0.0;
  for (double likelihood : {0.0, 1.0, 2.0}) {
    for (double activation : {0.0, 1.0}) {
      for (double hidden2 : {0.0, 3.0}) {
        const ParamValues params = {{"likelihood", likelihood},
                                    {"activation", activation},
                                    {"hidden", 4},
                                    {"hidden2", hidden2},
                                    {"n", 9},
                                    {"classes", 3},
                                    {"noise_sd", 0.5}};
        const auto target = make_mlp(params);
        const DataTarget& data = *target->as_data_target();
        const Vec theta = random_point(target->dim(), 11);
        INFO("likelihood " << likelihood << ", activation " << activation << ", hidden2 "
                           << hidden2);
        // Per datum: ∇ℓ_k from a batch of one against differences of ℓ_k.
        for (std::int64_t k = 0; k < data.num_data(); ++k) {
          Vec grad = Vec::Zero(target->dim());
          data.add_log_likelihood_gradient(&k, 1, 1.0, theta.data(), grad.data());
          const Vec fd = central_differences(
              [&](const Vec& t) { return data.log_likelihood_datum(k, t.data()); }, theta, 1e-5);
          const double error = relative_error(grad, fd);
          worst = std::max(worst, error);
          CHECK(error < 1e-6);
        }
        // Full data: ∇U against differences of U (prior included).
        Vec grad(target->dim());
        target->gradient(theta.data(), grad.data());
        const Vec fd = central_differences(
            [&](const Vec& t) { return target->potential(t.data()); }, theta, 1e-5);
        const double error = relative_error(grad, fd);
        worst = std::max(worst, error);
        CHECK(error < 1e-6);
      }
    }
  }
  UNSCOPED_INFO("largest relative gradient error " << worst);
  CHECK(worst > 0.0);
}

TEST_CASE("mlp: the average minibatch gradient over every minibatch is the full gradient",
          "[targets][mlp]") {
  for (double likelihood : {0.0, 1.0, 2.0}) {
    const auto target = make_mlp({{"likelihood", likelihood},
                                  {"hidden", 3},
                                  {"hidden2", 2},
                                  {"activation", 1},
                                  {"n", 5},
                                  {"classes", 2}});
    const DataTarget& data = *target->as_data_target();
    const int dim = target->dim();
    const std::int64_t n = data.num_data();
    const Vec theta = random_point(dim, 3);
    Vec full(dim);
    target->gradient(theta.data(), full.data());
    // Batches of b = 3 drawn with replacement, as the samplers draw them: all n³ ordered
    // batches, each the estimate −(n/b) Σ_B ∇ℓ_k − ∇log p, averaged.
    constexpr int b = 3;
    Vec average = Vec::Zero(dim);
    Vec single = Vec::Zero(dim);
    std::int64_t batches = 0;
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        for (std::int64_t k = 0; k < n; ++k) {
          const std::int64_t batch[b] = {i, j, k};
          Vec estimate = Vec::Zero(dim);
          data.add_log_likelihood_gradient(batch, b, -static_cast<double>(n) / b, theta.data(),
                                           estimate.data());
          data.add_log_prior_gradient(theta.data(), -1.0, estimate.data());
          average += estimate;
          ++batches;
          // The batched pass (with repeated rows) is the sum of its per-datum gradients.
          single.setZero();
          for (const std::int64_t row : batch)
            data.add_log_likelihood_gradient(&row, 1, -static_cast<double>(n) / b, theta.data(),
                                             single.data());
          data.add_log_prior_gradient(theta.data(), -1.0, single.data());
          CHECK(relative_error(estimate, single) < 1e-12);
        }
    average /= static_cast<double>(batches);
    INFO("likelihood " << likelihood);
    CHECK(relative_error(average, full) < 1e-12);
  }
}

TEST_CASE("mlp: parameters are named by layer, unit and input", "[targets][mlp]") {
  const auto target = make_mlp({{"hidden", 3}});
  REQUIRE(target->dim() == 3 * 2 + 3 + 1);  // 1 input, 3 tanh units, 1 output
  const std::vector<std::string> names = target->coordinate_names();
  CHECK(names.front() == "w1[1,1]");
  CHECK(names[3] == "b1[1]");
  CHECK(names[6] == "w2[1,1]");
  CHECK(names.back() == "b2[1]");
  const auto two_layers = make_mlp({{"likelihood", 2}, {"hidden", 4}, {"hidden2", 5}});
  CHECK(two_layers->dim() == 4 * 3 + 5 * 5 + 3 * 6);  // 2 inputs, 4, 5, 3 classes
  CHECK(two_layers->coordinate_names()[7] == "w1[4,2]");
  CHECK(two_layers->coordinate_names().back() == "b3[3]");
}

TEST_CASE("mlp: hidden=AxB sets both hidden layers", "[targets][mlp]") {
  const TargetInfo& info = *find_target_info("mlp");
  const ParamValues values = parse_param_list("hidden=20x10,activation=relu", info.params, "mlp");
  CHECK(values.at("hidden") == 20);
  CHECK(values.at("hidden2") == 10);
  CHECK(values.at("activation") == 1);
  CHECK(parse_param_list("hidden=7", info.params, "mlp") == ParamValues{{"hidden", 7}});
  CHECK_THROWS_AS(parse_param_list("hidden=20x10,hidden2=3", info.params, "mlp"), UserError);
}

TEST_CASE("mlp: bad options are refused with one line", "[targets][mlp]") {
  const TargetInfo& info = *find_target_info("mlp");
  const auto refusal = [&](const std::string& text) -> std::string {
    try {
      const ParamValues values = parse_param_list(text, info.params, "target 'mlp'");
      make_mlp(values);
    } catch (const UserError& error) {
      return error.what();
    }
    return "";
  };
  for (const char* text : {"hidden=0", "hidden=10x0x3", "activation=sigmoid", "prior_sd=0",
                           "prior_sd=-1", "likelihood=poisson", "hidden=4096x4096"}) {
    INFO(text);
    const std::string message = refusal(text);
    CHECK(!message.empty());
    CHECK(message.find('\n') == std::string::npos);
  }
  CHECK_THAT(refusal("activation=sigmoid"), Catch::Contains("tanh | relu"));
  CHECK_THAT(refusal("hidden=4096x4096"), Catch::Contains("parameters"));

  const std::string fractional = temp_csv("x,y\n0.5,0\n1.5,1\n2.5,1.5\n");
  const std::string one_class = temp_csv("x,y\n0.5,0\n1.5,0\n");
  try {
    make_mlp({{"likelihood", 2}}, fractional);
    FAIL("a fractional label was accepted");
  } catch (const UserError& error) {
    CHECK_THAT(std::string(error.what()), Catch::Contains("whole number"));
    CHECK_THAT(std::string(error.what()), Catch::Contains("row 3"));
  }
  CHECK_THROWS_AS(make_mlp({{"likelihood", 2}}, one_class), UserError);
  CHECK_THROWS_AS(make_mlp({{"likelihood", 1}}, fractional), UserError);  // not 0 or 1
  const auto from_file = make_mlp({{"likelihood", 0}, {"hidden", 2}}, fractional);
  CHECK(from_file->as_data_target()->num_data() == 3);
  CHECK(from_file->dim() == 2 * 2 + 3);
  std::remove(fractional.c_str());
  std::remove(one_class.c_str());
}

TEST_CASE("mlp: every stochastic-gradient sampler runs on it, the Hessian users refuse",
          "[targets][mlp]") {
  const auto target = make_mlp({{"hidden", 3}, {"n", 40}});
  std::vector<std::string> refused;
  for (const SamplerInfo& info : sampler_catalogue()) {
    INFO("sampler " << info.id);
    try {
      // Steps small enough for this posterior (the defaults suit unit-scale targets; here the
      // likelihood's curvature is about n/noise_sd² = 4000).
      ParamValues params;
      for (const ParamDescriptor& descriptor : info.params) {
        if (descriptor.name == "step_size") params["step_size"] = 1e-4;
        if (descriptor.name == "learning_rate") params["learning_rate"] = 1e-7;
      }
      Chain chain(target, info.id, params, 5, target->default_init(), 0, 1);
      chain.run(120);  // naive SGHMC records once per 50-step trajectory
      INFO(chain.stop_reason());
      CHECK(!chain.stopped());
      const DrawStore& draws = chain.draws();
      REQUIRE(draws.size() > 0);
      for (int c = 0; c < draws.dim(); ++c) CHECK(std::isfinite(draws.theta(draws.size() - 1, c)));
    } catch (const UserError& error) {
      CHECK(std::string(error.what()).find('\n') == std::string::npos);
      refused.push_back(info.id);
    }
  }
  // Only the samplers that expand ℓ_k to second order (per-datum Hessians) refuse.
  CHECK(refused ==
        std::vector<std::string>{"hmcecs", "dais", "ns-dais", "sl-dais", "hmcecs-signed"});
}

TEST_CASE("mlp: the per-datum gradient variance of a large network needs no d × d matrix",
          "[targets][mlp]") {
  // 2801 parameters: above the dense path's limit, yet small enough to form the matrix here.
  const auto target = make_mlp({{"likelihood", 1}, {"hidden", 700}, {"n", 12}});
  REQUIRE(target->dim() > 2048);
  const DataTarget& data = *target->as_data_target();
  const Vec theta = random_point(target->dim(), 5);
  const std::int64_t n = data.num_data();
  const Eigen::MatrixXd dense = minibatch_sum_covariance(
      n, target->dim(), 1, MinibatchScheme::WithoutReplacement, [&](std::int64_t k, double* out) {
        data.add_log_likelihood_gradient(&k, 1, 1.0, theta.data(), out);
      });
  CHECK(per_datum_gradient_variance(data, theta.data()) ==
        Approx(dense.trace() / double(n * n)).epsilon(1e-10));
}
