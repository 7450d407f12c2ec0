// Defaults that fit the data: on regressions the step sizes scale with the smallest posterior sd
// and HMC-ECS uses the Hessian mass, so default samplers neither accept nothing nor diverge.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/run/chain.hpp"
#include "core/run/session.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

TEST_CASE("default HMC accepts on a 31-coefficient logistic regression", "[defaults]") {
  // The double well's ε = 0.1 accepted nothing here (a cliff between ε = 0.05 and 0.07).
  const auto target = make_target({"logistic", {{"n", 532}, {"d", 30}, {"seed", 6}}, "", "y"});
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  Chain chain(target, "hmc", {}, 1, logistic.map(), 0, 1);
  chain.run(200);
  const double accept = double(chain.counters().mh_accepts) / double(chain.counters().mh_proposals);
  INFO("step " << chain.full_params().at("step_size") << ", acceptance " << accept);
  CHECK(accept > 0.6);
  CHECK(chain.full_params().at("step_size") < 0.1);
}

TEST_CASE("default stochastic-gradient samplers run on unstandardised data", "[defaults]") {
  // docs/examples/mydata.csv: 300 rows, `age` around 50, so the posterior sds differ by ~100×.
  TargetSpec spec{"logistic",
                  {},
                  std::string(SGL_TEST_DATA_DIR) + "/../../docs/examples/mydata.csv",
                  "outcome"};
  const auto target = make_target(spec);
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  for (const char* id : {"sghmc", "sghmc-cv", "sgld", "sgld-cv", "sgd-momentum", "sghmc-sgd",
                         "ewsg", "naive-sghmc", "hmc"}) {
    Chain chain(target, id, {}, 2, logistic.map(), 0, 1);
    chain.run(3000);
    INFO(id << ": " << (chain.stopped() ? chain.stop_reason() : std::string("ran")));
    CHECK(!chain.stopped());
    REQUIRE(chain.draws().size() > 0);
    // It moves: the last draw differs from the start in every coordinate.
    const std::size_t last = chain.draws().size() - 1;
    for (int c = 0; c < target->dim(); ++c)
      CHECK(chain.draws().theta(last, c) != logistic.map()[c]);
  }
  Chain mh(target, "naive-sghmc", {{"mh", 1}, {"leapfrog_steps", 20}}, 3, logistic.map(), 0, 1);
  mh.run(300);
  CHECK(mh.counters().mh_accepts > 0);
}

TEST_CASE("hmcecs defaults to the Hessian mass on regressions only", "[defaults]") {
  const auto logistic = make_target({"logistic", {{"n", 300}, {"d", 2}, {"seed", 1}}, "", "y"});
  Chain ecs(logistic, "hmcecs", {}, 1,
            dynamic_cast<const LogisticRegressionTarget&>(*logistic).map(), 0, 1);
  CHECK(ecs.full_params().at("mass") == 1.0);
  Chain identity(logistic, "hmcecs", {{"mass", 0}}, 1,
                 dynamic_cast<const LogisticRegressionTarget&>(*logistic).map(), 0, 1);
  CHECK(identity.full_params().at("mass") == 0.0);  // a given value wins
  const auto gauss = make_target({"gauss2d", {}, "", "y"});
  Chain hmc(gauss, "hmc", {}, 1, Vec::Zero(2), 0, 1);
  CHECK(hmc.full_params().at("step_size") == 0.1);  // analytic targets keep the defaults
}

TEST_CASE("init map and HMC-ECS's default start at the posterior mode", "[defaults][init]") {
  RunSpec spec;
  spec.target = {"logistic", {{"n", 300}, {"d", 2}, {"seed", 1}}, "", "y"};
  spec.chains = {{"hmcecs", {}}, {"hmc", {}}};
  spec.steps = 1;
  Session session(spec);
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(session.target());
  CHECK(session.chains()[0]->init().isApprox(logistic.map()));  // HMC-ECS: θ* by default
  CHECK(session.chains()[1]->init().isZero());                  // others: the target's start
  spec.init_at_map = true;
  Session at_map(spec);
  CHECK(at_map.chains()[1]->init().isApprox(logistic.map()));
  spec.target = {"gauss2d", {}, "", "y"};
  spec.chains = {{"hmc", {}}};
  CHECK_THROWS_AS(Session(spec), UserError);
}

TEST_CASE("stochastic-gradient defaults raise b on tall data, where b = 32 diverged",
          "[defaults][issue25]") {
  // 30 000 rows: with b = 32 the minibatch noise is hundreds of times the injected noise and
  // SGHMC ran off before its first draw, with a message blaming the curvature (issue 25).
  const auto tall = make_target({"logistic", {{"n", 30000}, {"d", 3}, {"seed", 1}}, "", "y"});
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*tall);
  const Eigen::MatrixXd laplace = tall->reference_posterior()->covariance;
  for (const char* id : {"sghmc", "sgld", "sghmc-sgd"}) {
    Chain chain(tall, id, {}, 7, logistic.map(), 500, 1);
    chain.run(4000);
    INFO(id << ": b = " << chain.full_params().at("batch_size") << ", "
            << (chain.stopped() ? chain.stop_reason() : std::string("ran")));
    CHECK(chain.full_params().at("batch_size") > 32);
    REQUIRE(!chain.stopped());
    // The spread is the posterior's within what a noise ratio of 4 may add (at most √5 in the
    // worst direction) and the Monte Carlo error of ~40 independent draws; b = 32 gave 8×
    // (SGLD) or no draws (SGHMC).
    for (int c = 0; c < tall->dim(); ++c) {
      double sum = 0.0, squares = 0.0;
      const std::size_t n = chain.draws().size();
      for (std::size_t i = 0; i < n; ++i) sum += chain.draws().theta(i, c);
      const double mean = sum / double(n);
      for (std::size_t i = 0; i < n; ++i)
        squares += (chain.draws().theta(i, c) - mean) * (chain.draws().theta(i, c) - mean);
      const double ratio = std::sqrt(squares / double(n - 1) / laplace(c, c));
      INFO("coordinate " << c << ": sd / Laplace sd = " << ratio);
      CHECK(ratio > 0.5);
      CHECK(ratio < 2.0);
    }
  }
  // Regressions of 10³ rows keep b = 32: their noise is already below the bound.
  const auto small = make_target({"logistic", {{"n", 1000}, {"d", 2}, {"seed", 1}}, "", "y"});
  for (const char* id : {"sghmc", "sgld", "sghmc-sgd"})
    CHECK(Chain(small, id, {}, 1, Vec::Zero(3), 0, 1).full_params().at("batch_size") == 32);
  // A b the user gives is kept, and the divergence it causes (on 10⁵ rows, about 10³ times the
  // injected noise) is blamed on the gradient noise with the b that cures it, not on the
  // curvature, whose limits hold.
  const auto taller = make_target({"logistic", {{"n", 100000}, {"d", 3}, {"seed", 1}}, "", "y"});
  Chain forced(taller, "sghmc", {{"batch_size", 32}}, 7,
               dynamic_cast<const LogisticRegressionTarget&>(*taller).map(), 500, 1);
  CHECK(forced.full_params().at("batch_size") == 32);
  forced.run(4000);
  REQUIRE(forced.stopped());
  INFO(forced.stop_reason());
  CHECK(forced.stop_reason().find("gradient noise too large for b = 32") != std::string::npos);
  CHECK(forced.stop_reason().find("the curvature limits hold") != std::string::npos);
  CHECK(forced.stop_reason().find("too large for the curvature") == std::string::npos);
}
