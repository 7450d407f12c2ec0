// HMC's acceptance is a count of MH decisions: with MH off there are none, so the metrics show
// "—" (acceptance_text's dash for zero proposals) as for SGLD, SGHMC and naive SGHMC without MH,
// never a rate near 100%.
#include <catch2/catch.hpp>

#include "core/run/draw_store.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {

TEST_CASE("HMC without MH counts no acceptance, with MH it does", "[hmc]") {
  const auto target = make_target({"chen-doublewell", {}, "", "y"});
  for (const double metropolis : {0.0, 1.0}) {
    auto sampler = make_sampler("hmc", *target,
                                {{"step_size", 0.2}, {"leapfrog_steps", 10}, {"mh", metropolis}});
    Rng rng(7);
    sampler->reset(target->default_init(), rng);
    DrawStore store(target->dim());
    sampler->run(500, rng, store);
    INFO("mh = " << metropolis);
    CHECK(sampler->counters().steps == 500);
    if (metropolis == 0.0) {
      CHECK(sampler->counters().mh_proposals == 0);
      CHECK(sampler->counters().mh_accepts == 0);
      CHECK(sampler->counters().accept_prob_sum == 0.0);
    } else {
      CHECK(sampler->counters().mh_proposals == 500);
      CHECK(sampler->counters().mh_accepts > 400);
    }
    CHECK(store.size() == 500);
  }
}

}  // namespace sgl
