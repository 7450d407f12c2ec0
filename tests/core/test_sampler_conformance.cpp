// The conformance test every sampler passes, generated from the catalogue (sampler_registry.hpp):
// a sampler added with its own files and one catalogue line is checked here without a line of
// test code naming it. What it checks is the engine's contract with a sampler, not its
// statistics (those are each sampler's own tests in tests/stat):
//   - parameters: NaN and out-of-range values are refused with a one-line message;
//   - traits: a palette slot, views' capabilities consistent with the sampler's behaviour;
//   - on every target it accepts: finite draws, slicing a run never changes the draws, a reset
//     replays them, and every info channel that counts something has counted;
//   - a parameter change mid-run keeps the draws before it and changes those after it.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <set>

#include "core/plot/chain_palette.hpp"
#include "core/run/chain.hpp"
#include "core/samplers/sampler_availability.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

// The draws' coordinates in order; with `after`, only those of steps after it (or up to it).
std::vector<double> all_draws(const Chain& chain, std::uint64_t split = 0, bool after = true) {
  std::vector<double> values;
  for (std::size_t i = 0; i < chain.draws().size(); ++i) {
    if (split > 0 && (chain.draws().iteration(i) > split) != after) continue;
    for (int c = 0; c < chain.draws().dim(); ++c) values.push_back(chain.draws().theta(i, c));
  }
  return values;
}

// Steps before the first draw of a sampler with a training phase (DAIS), plus `steps`.
std::uint64_t past_training(const Chain& chain, std::uint64_t steps) {
  return chain.sampler().training_steps() + steps;
}

// One analytic and one data target of each shape the samplers meet in the app.
// Under the sanitizers (about 10× slower) one analytic and one data target.
std::vector<TargetSpec> conformance_targets() {
#if defined(SGL_SANITIZED)
  return {
      {"gauss2d", {{"rho", 0.9}}, "", "y"},
      {"logistic", {{"n", 300}, {"d", 2}, {"seed", 4}}, "", "y"},
  };
#else
  return {
      {"chen-doublewell", {}, "", "y"},
      {"gauss2d", {{"rho", 0.9}}, "", "y"},
      {"banana", {}, "", "y"},
      {"mixture", {}, "", "y"},
      {"linear", {{"n", 200}, {"d", 2}, {"seed", 5}}, "", "y"},
      {"logistic", {{"n", 300}, {"d", 2}, {"seed", 4}}, "", "y"},
  };
#endif
}

bool accepts(const std::string& sampler_id, const Target& target) {
  return !unavailable_samplers(target).contains(sampler_id);
}

// A target the sampler accepts: the data target serves every sampler.
std::shared_ptr<const Target> some_target(const std::string& sampler_id) {
  auto analytic = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  if (accepts(sampler_id, *analytic)) return analytic;
  return make_target({"logistic", {{"n", 300}, {"d", 2}, {"seed", 4}}, "", "y"});
}

bool applies_to(const ParamDescriptor& descriptor, const Target& target) {
  const bool data = target.as_data_target() != nullptr;
  return descriptor.scope == ParamScope::Any ||
         (descriptor.scope == ParamScope::DataTargetsOnly) == data;
}

}  // namespace

TEST_CASE("conformance: every sampler's traits are complete", "[conformance]") {
  std::set<std::string> ids;
  for (const SamplerInfo& info : sampler_catalogue()) {
    INFO(info.id);
    CHECK(ids.insert(info.id).second);
    CHECK(!info.name.empty());
    CHECK(!info.short_name.empty());
    CHECK(!info.reference.empty());
    CHECK(!info.summary.empty());
    CHECK(info.create != nullptr);
    CHECK(sampler_has_palette_slot(info.id));
    // A view's capability is only declared by a sampler that has what the view shows.
    const auto sampler = info.create(*some_target(info.id));
    if (info.traits.one_step_per_iteration != nullptr) CHECK(sampler->observes_trajectories());
    if (info.traits.energy_is_estimate) CHECK(sampler->observes_trajectories());
    if (info.traits.biased_when != nullptr)
      CHECK(info.traits.output_kind == OutputKind::Asymptotic);
    if (info.traits.biased_only_by_gradient_noise)
      CHECK(info.traits.output_kind == OutputKind::Biased);
  }
}

TEST_CASE("conformance: NaN and out-of-range parameters are refused in one line", "[conformance]") {
  for (const SamplerInfo& info : sampler_catalogue()) {
    const auto target = some_target(info.id);
    REQUIRE_NOTHROW(make_sampler(info.id, *target, {}));
    for (const ParamDescriptor& descriptor : info.params) {
      if (!applies_to(descriptor, *target)) continue;
      INFO(info.id << " " << descriptor.name);
      std::vector<double> bad = {std::numeric_limits<double>::quiet_NaN()};
      if (std::isfinite(descriptor.max))
        bad.push_back(descriptor.max + 1.0 + std::abs(descriptor.max));
      if (std::isfinite(descriptor.min))
        bad.push_back(descriptor.min - 1.0 - std::abs(descriptor.min));
      for (const double value : bad) {
        INFO("value " << value);
        try {
          make_sampler(info.id, *target, {{descriptor.name, value}});
          FAIL("accepted");
        } catch (const UserError& error) {
          const std::string message = error.what();
          CHECK(!message.empty());
          CHECK(message.find('\n') == std::string::npos);
        }
      }
    }
  }
}

TEST_CASE("conformance: on every accepted target, finite draws that slicing and reset keep",
          "[conformance]") {
  for (const TargetSpec& spec : conformance_targets()) {
    const auto target = make_target(spec);
    for (const SamplerInfo& info : sampler_catalogue()) {
      if (!accepts(info.id, *target)) continue;
      INFO(info.id << " on " << spec.id);
      const Vec init = target->default_init();
      Chain whole(target, info.id, {}, 7, init, 40, 1);
      const std::uint64_t steps = past_training(whole, 240);
      whole.run(steps);
      INFO(whole.stop_reason());
      REQUIRE(!whole.stopped());
      const std::vector<double> expected = all_draws(whole);
      REQUIRE(!expected.empty());
      bool finite = true;
      for (const double value : expected) finite = finite && std::isfinite(value);
      CHECK(finite);
      Chain sliced(target, info.id, {}, 7, init, 40, 1);
      sliced.run(25);  // a boundary inside burn-in
      sliced.run(90);
      sliced.run(steps - 115);
      CHECK(all_draws(sliced) == expected);
      whole.reset();
      whole.run(steps);
      CHECK(all_draws(whole) == expected);
      // Every tally that counts steps (rates, per-draw values) has counted.
      const std::vector<ChannelDescriptor>& channels = info.traits.channels;
      for (std::size_t c = 0; c < channels.size(); ++c) {
        INFO("channel " << channels[c].id);
        if (channels[c].kind != ChannelKind::Setting) CHECK(whole.counters().channels[c].count > 0);
      }
    }
  }
}

TEST_CASE("conformance: a parameter change mid-run keeps the draws before it, changes the rest",
          "[conformance]") {
  for (const SamplerInfo& info : sampler_catalogue()) {
    const auto target = some_target(info.id);
    // The first real parameter that applies here: halved, or doubled where half is out of range.
    const ParamDescriptor* changed_param = nullptr;
    for (const ParamDescriptor& descriptor : info.params)
      if (descriptor.kind == ParamKind::Real && applies_to(descriptor, *target) &&
          descriptor.default_value > 0.0) {
        changed_param = &descriptor;
        break;
      }
    if (changed_param == nullptr) continue;
    INFO(info.id << " " << changed_param->name);
    const Chain reference(target, info.id, {}, 3, target->default_init(), 0, 1);
    const double current = reference.full_params().at(changed_param->name);
    const double value = current / 2.0 >= changed_param->min ? current / 2.0 : current * 2.0;
    Chain changed(target, info.id, {}, 3, target->default_init(), 0, 1);
    // A sampler with a training phase gets the change during training.
    const std::uint64_t before = 150, after = past_training(changed, 150);
    changed.run(before);
    changed.set_params({{changed_param->name, value}});
    changed.run(after);
    Chain unchanged(target, info.id, {}, 3, target->default_init(), 0, 1);
    unchanged.run(before + after);
    REQUIRE(!changed.stopped());
    REQUIRE(!all_draws(changed, before, true).empty());
    CHECK(all_draws(changed, before, false) == all_draws(unchanged, before, false));
    CHECK(all_draws(changed, before, true) != all_draws(unchanged, before, true));
    CHECK(changed.param_history().size() == 1);
  }
}
