// DAIS, NS-DAIS, SL-DAIS: the adjoint gradient against finite differences for every learnable
// parameter, SL-DAIS reducing exactly to DAIS, and clear errors.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <thread>

#include "core/run/chain.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/session.hpp"
#include "core/samplers/dais.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> regression(const char* id, std::int64_t n, int d,
                                         std::uint64_t seed) {
  return make_target({id, {{"n", double(n)}, {"d", double(d)}, {"seed", double(seed)}}, "", "y"});
}

// ∇_φ ELBO (common random numbers: the same seed at every φ) against central differences.
void check_gradient(const Target& target, const std::string& id, const ParamValues& params) {
  auto sampler = make_sampler(id, target, params);
  Rng setup(5);
  Vec init = target.default_init();
  for (int i = 0; i < init.size(); ++i) init[i] = 0.3 - 0.2 * i;
  sampler->reset(init, setup);
  auto& dais = dynamic_cast<DaisSampler&>(*sampler);
  // Move away from the symmetric start so that every parameter matters.
  Vec phi = dais.unconstrained();
  for (int j = 0; j < phi.size(); ++j) phi[j] += 0.1 * std::sin(1.7 * j + 0.3);
  const DaisLayout layout = dais.layout();
  Vec grad;
  Rng rng(42);
  const double elbo = dais.elbo_and_gradient(phi, rng, &grad);
  REQUIRE(std::isfinite(elbo));
  for (int j = 0; j < layout.size(); ++j) {
    const double h = 1e-5;
    Vec plus = phi, minus = phi;
    plus[j] += h;
    minus[j] -= h;
    Rng rng_plus(42), rng_minus(42);
    const double numeric = (dais.elbo_and_gradient(plus, rng_plus, nullptr) -
                            dais.elbo_and_gradient(minus, rng_minus, nullptr)) /
                           (2 * h);
    INFO(id << " parameter " << j << " of " << layout.size() << ": adjoint " << grad[j]
            << ", finite difference " << numeric);
    CHECK(std::abs(grad[j] - numeric) <= 1e-5 * (1.0 + std::abs(numeric)));
  }
}

}  // namespace

TEST_CASE("DAIS ELBO gradient matches finite differences for every parameter", "[dais]") {
  const auto linear = regression("linear", 40, 2, 3);
  check_gradient(*linear, "dais", {{"K", 4}, {"elbo_samples", 2}, {"eta_init", 0.05}});
  const auto logistic = regression("logistic", 60, 2, 4);
  check_gradient(*logistic, "dais", {{"K", 3}, {"eta_init", 0.1}, {"scale_init", 0.5}});
  check_gradient(*logistic, "ns-dais", {{"K", 3}, {"eta_init", 0.1}, {"batch_size", 16}});
  // SL-DAIS: the gradient includes ∂/∂ω of the surrogate weights.
  check_gradient(*logistic, "sl-dais",
                 {{"K", 3}, {"eta_init", 0.1}, {"batch_size", 16}, {"surrogate_points", 10}});
  const auto gauss = make_target({"ewsg-gauss", {{"n", 20}}, "", "y"});
  check_gradient(*gauss, "sl-dais", {{"K", 2}, {"eta_init", 0.02}, {"surrogate_points", 5}});
}

TEST_CASE("SL-DAIS with every point, fixed ω = 1 and a full final batch equals DAIS", "[dais]") {
  const auto target = regression("logistic", 50, 2, 8);
  const Vec init = target->default_init();
  const ParamValues common = {{"K", 4}, {"iterations", 30}, {"eta_init", 0.05}};
  ParamValues sl = common;
  sl["surrogate_points"] = 50;
  sl["batch_size"] = 50;
  sl["learn_weights"] = 0;
  Chain dais(target, "dais", common, 17, init, 0, 1);
  Chain sl_dais(target, "sl-dais", sl, 17, init, 0, 1);
  dais.run(30 + 20);
  sl_dais.run(30 + 20);
  REQUIRE(dais.draws().size() == 20);
  REQUIRE(sl_dais.draws().size() == 20);
  for (std::size_t i = 0; i < 20; ++i)
    for (int c = 0; c < target->dim(); ++c)
      CHECK(dais.draws().theta(i, c) == sl_dais.draws().theta(i, c));
  const auto a = dais.sampler().training_report();
  const auto b = sl_dais.sampler().training_report();
  CHECK(a->elbo == b->elbo);
  CHECK(a->step_size == b->step_size);
  // The variants differ once the surrogate is a subset.
  sl["surrogate_points"] = 10;
  Chain subset(target, "sl-dais", sl, 17, init, 0, 1);
  subset.run(50);
  CHECK(subset.draws().theta(0, 0) != dais.draws().theta(0, 0));
}

TEST_CASE("DAIS trains first, then records one independent draw per step", "[dais]") {
  const auto target = regression("linear", 100, 2, 2);
  RunSpec spec;
  spec.target = {"linear", {{"n", 100}, {"d", 2}, {"seed", 2}}, "", "y"};
  spec.chains = {parse_chain_spec("sl-dais:K=4,iterations=50,surrogate_points=20,batch_size=20")};
  spec.steps = 30;
  Session session(spec);
  session.run_to_end();
  const Chain& chain = *session.chains()[0];
  CHECK(chain.counters().steps == 80);
  CHECK(chain.draws().size() == 30);
  CHECK(chain.draws().iteration(0) == 51);
  const auto report = chain.sampler().training_report();
  REQUIRE(report);
  CHECK(report->completed == 50);
  CHECK(report->elbo_trace.size() == 50);
  CHECK(report->beta.size() == 4);
  CHECK(report->beta.back() == 1.0);
  for (std::size_t k = 1; k < report->beta.size(); ++k)
    CHECK(report->beta[k] > report->beta[k - 1]);
  CHECK(report->step_size <= kDaisMaxStepSize);
  CHECK(report->elbo_samples == 30);
  CHECK(std::isfinite(report->elbo));
  CHECK(report->elbo_se > 0.0);
  // Gradient evaluations are counted per datum: surrogate and minibatch, never n per step.
  CHECK(chain.counters().gradient_evaluations < 80ull * 20 * 20);
  const auto cloud = chain.sampler().annealing_cloud(16, 3);
  REQUIRE(cloud);
  CHECK(cloud->steps == 4);
  CHECK(cloud->z.size() == 5u * 16u * std::size_t(target->dim()));
}

TEST_CASE("DAIS samplers reject analytic targets with a clear message", "[dais]") {
  const auto analytic = make_target({"gauss2d", {}, "", "y"});
  for (const char* id : {"dais", "ns-dais", "sl-dais"}) {
    try {
      make_sampler(id, *analytic, {});
      FAIL("no error for " << id);
    } catch (const UserError& error) {
      CHECK(std::string(error.what()).find("data targets only") != std::string::npos);
    }
  }
  const auto linear = regression("linear", 30, 1, 1);
  CHECK_THROWS_AS(make_sampler("dais", *linear, {{"batch_size", 10}}), UserError);
  CHECK_THROWS_AS(make_sampler("sl-dais", *linear, {{"eta_init", 0.5}}), UserError);
  CHECK_THROWS_AS(make_sampler("sl-dais", *linear, {{"K", 0}}), UserError);
}

TEST_CASE("the live engine trains DAIS on its worker, reports progress and can stop training",
          "[dais][engine]") {
  LiveSetup setup;
  setup.target = {"ewsg-gauss", {{"n", 50}}, "", "y"};
  setup.chains = {{"sl-dais", {{"K", 4}, {"iterations", 100000}, {"surrogate_points", 10}}, true}};
  setup.seed = 3;
  setup.draw_capacity = 1u << 12;
  LiveEngine engine(setup);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  auto trained = [&engine] {
    const auto snapshot = engine.snapshot();
    const auto& chain = snapshot->chains.at(0);
    return chain.training && chain.annealing ? chain.training->completed : 0;
  };
  while (trained() < 50 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  REQUIRE(trained() >= 50);
  {
    const auto snapshot = engine.snapshot();
    const ChainSnapshot& chain = snapshot->chains.at(0);
    CHECK(chain.training->iterations == 100000);
    CHECK(chain.training->beta.size() == 4);
    CHECK(chain.annealing->steps == 4);
    CHECK(chain.annealing->dim == 2);
    CHECK(chain.stored_draws == 0);  // still training
  }
  // Cancelling: the training ends at the current iteration and sampling starts.
  engine.set_running(false);
  engine.wait_until_idle();
  const std::uint64_t done = engine.snapshot()->chains.at(0).training->completed;
  ParamValues stop = engine.snapshot()->chains.at(0).params;
  stop["iterations"] = double(done);
  engine.set_chain_params(0, stop);
  engine.set_running(true);
  while (engine.snapshot()->chains.at(0).stored_draws < 20 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const auto snapshot = engine.snapshot();
  CHECK(snapshot->last_error.empty());
  CHECK(snapshot->chains.at(0).stored_draws >= 20);
  CHECK(snapshot->chains.at(0).training->completed == done);
}
