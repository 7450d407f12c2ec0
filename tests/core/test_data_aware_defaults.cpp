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
