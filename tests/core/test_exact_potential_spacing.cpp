// HMC-ECS needs no exact U, and on tall data the O(n) exact U of every recorded draw was most of
// the user's wait (issue 28: 97% at n = 10⁵). It is now recorded on every k-th draw, k chosen
// from n and the work of a step so that it costs at most about 20% of sampling; the other draws
// carry NaN, and the summary says which draws carry it.
#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>

#include "app/cli/summary_json_writer.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

using namespace sgl;

namespace {

RunSpec tall_hmcecs(std::uint64_t steps, std::uint64_t burnin, std::uint64_t thin) {
  RunSpec spec;
  spec.target = {"logistic", {{"n", 20000}, {"d", 2}, {"seed", 4}}, "", "y"};
  spec.chains = {{"hmcecs", {{"batch_size", 100}, {"blocks", 10}, {"leapfrog_steps", 12}}}};
  spec.steps = steps;
  spec.burnin = burnin;
  spec.thin = thin;
  return spec;
}

}  // namespace

TEST_CASE("HMC-ECS records the exact U on every k-th draw, k = ceil(5n / mL)",
          "[exact_potential]") {
  Session session(tall_hmcecs(400, 30, 3));
  session.run_to_end();
  const Chain& chain = *session.chains().front();
  // n = 2·10⁴, m = 100, L = 12: k = ⌈10⁵ / 1200⌉ = 84.
  REQUIRE(chain.exact_potential_every() == 84);
  const DrawStore& draws = chain.draws();
  REQUIRE(draws.size() == 400 / 3);
  std::size_t exact = 0;
  for (std::size_t i = 0; i < draws.size(); ++i) {
    INFO("draw " << i);
    if (i % 84 == 0) {
      ++exact;
      Vec theta(draws.dim());
      for (int c = 0; c < draws.dim(); ++c) theta[c] = draws.theta(i, c);
      CHECK(draws.potential(i) == chain.target().potential(theta.data()));
      CHECK(std::isfinite(draws.hamiltonian(i)));
    } else {
      CHECK(std::isnan(draws.potential(i)));
      CHECK(std::isnan(draws.hamiltonian(i)));
    }
  }
  CHECK(exact == 2);

  // summary.json names k and how many draws carry the exact U.
  const std::vector<SamplerSummary> summaries = summarize(session);
  CHECK(summaries.front().exact_potential_every == 84);
  CHECK(summaries.front().exact_potential_draws == 2);
  const nlohmann::ordered_json json = summary_json(session, summaries);
  const nlohmann::ordered_json& entry = json["samplers"][0]["exact_potential"];
  CHECK(entry["every"] == 84);
  CHECK(entry["draws"] == 2);
}

TEST_CASE("small data and exact samplers keep the exact U on every draw", "[exact_potential]") {
  RunSpec spec;
  spec.target = {"logistic", {{"n", 300}, {"d", 2}, {"seed", 4}}, "", "y"};
  spec.chains = {{"hmcecs", {}}, {"hmcecs-signed", {}}, {"hmc", {}}};
  spec.steps = 50;
  Session session(spec);
  session.run_to_end();
  for (const auto& chain : session.chains()) {
    INFO(chain->sampler_id());
    CHECK(chain->exact_potential_every() == 1);
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      CHECK(std::isfinite(chain->draws().potential(i)));
  }
  CHECK(!summary_json(session, summarize(session))["samplers"][0].contains("exact_potential"));
}

TEST_CASE("stochastic-gradient samplers on data record the exact U on every k-th draw",
          "[exact_potential]") {
  // A step reads b data and the record's exact U all n: k = ⌈5n / b⌉ (SGLD on 10⁴ rows spent
  // 99% of the wall clock on the record). θ is untouched; U is that of the recorded θ.
  RunSpec spec;
  spec.target = {"logistic", {{"n", 2000}, {"d", 2}, {"seed", 4}}, "", "y"};
  spec.chains = {{"sgld", {{"batch_size", 100}}},
                 {"sghmc", {{"batch_size", 50}}},
                 {"naive-sghmc", {{"batch_size", 100}}}};
  spec.steps = 500;
  Session session(spec);
  session.run_to_end();
  const std::uint64_t expected[] = {100, 200, 100};  // ⌈10⁴/100⌉, ⌈10⁴/50⌉, ⌈10⁴/100⌉
  for (std::size_t c = 0; c < session.chains().size(); ++c) {
    const Chain& chain = *session.chains()[c];
    INFO(chain.sampler_id());
    REQUIRE(chain.exact_potential_every() == expected[c]);
    const DrawStore& draws = chain.draws();
    REQUIRE(draws.size() == 500);
    for (std::size_t i = 0; i < draws.size(); ++i) {
      if (i % expected[c] == 0) {
        Vec theta(draws.dim());
        for (int k = 0; k < draws.dim(); ++k) theta[k] = draws.theta(i, k);
        CHECK(draws.potential(i) == chain.target().potential(theta.data()));
      } else {
        CHECK(std::isnan(draws.potential(i)));
      }
    }
  }
  // Off data (an analytic target with injected gradient noise) U is cheap: every draw.
  RunSpec analytic;
  analytic.target = {"gauss2d", {}, "", "y"};
  analytic.chains = {{"sgld", {}}};
  analytic.steps = 50;
  Session cheap(analytic);
  cheap.run_to_end();
  CHECK(cheap.chains().front()->exact_potential_every() == 1);
}

TEST_CASE("a chain asked for every draw's exact U gets it on tall data too", "[exact_potential]") {
  RunSpec spec = tall_hmcecs(1, 0, 1);
  Session session(spec);
  Chain& chain = *session.chains().front();
  chain.record_exact_potential_on_every_draw();
  chain.run(30);
  REQUIRE(chain.exact_potential_every() > 1);
  for (std::size_t i = 0; i < chain.draws().size(); ++i)
    CHECK(std::isfinite(chain.draws().potential(i)));
}
