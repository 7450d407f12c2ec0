// The "Try next" steps of the notes on data targets (assets/notes/ewsg-fig1a.md,
// hmcecs-logistic.md), each performed on the preset's live chains as a user would
// (preset_note_run.hpp) and checked for the effect the note promises.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/samplers/hmcecs.hpp"
#include "core/samplers/hmcecs_signed.hpp"
#include "tests/stat/preset_note_run.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

// Mean over coordinates of the sample variance of draws [from, to).
double mean_variance(const DrawStore& draws, std::size_t from, std::size_t to) {
  double total = 0.0;
  for (int c = 0; c < draws.dim(); ++c) {
    const std::vector<double> x = theta_series(draws, c, from, to);
    const double m = mean_of(x);
    total += mean_square(x) - m * m;
  }
  return total / draws.dim();
}

double gradients_per_step(const ChainSnapshot& chain) {
  return static_cast<double>(chain.counters.gradient_evaluations) /
         static_cast<double>(chain.counters.steps);
}

double mean_loglik_variance(const DrawStore& draws, std::size_t from, std::size_t to) {
  double sum = 0.0;
  // σ̂² is the first per-draw value of both HMC-ECS samplers.
  for (std::size_t i = from; i < to; ++i) sum += draws.channel(i, 0);
  return sum / static_cast<double>(to - from);
}

double positive_sign_fraction(const DrawStore& draws, std::size_t from, std::size_t to) {
  std::size_t positive = 0;
  const int sign = per_draw_slot(HmcEcsSignedSampler::channels(), HmcEcsSignedSampler::kSign);
  for (std::size_t i = from; i < to; ++i) positive += draws.channel(i, sign) > 0 ? 1 : 0;
  return static_cast<double>(positive) / static_cast<double>(to - from);
}

double subsample_accept_rate(const ChainSnapshot& chain) {
  return chain.counters.channels[HmcEcsSampler::kSubsampleAcceptance].mean();
}

}  // namespace

TEST_CASE(
    "note ewsg-fig1a / try next 1: more index steps give a better index chain at M + 1 gradients",
    "[stat][note]") {
  // The true variance of each coordinate is 1/n = 0.05.
  const std::uint64_t steps = 40000;
  PresetLive base("ewsg-fig1a", steps, {"EWSG", "SGHMC (uniform)"});
  PresetLive more("ewsg-fig1a", steps, {"EWSG"}, {{"EWSG", 0, {{"index_steps", 5}}}});
  const double var1 = mean_variance(base.draws("EWSG"), 1000, steps);
  const double var5 = mean_variance(more.draws("EWSG"), 1000, steps);
  const double var_uniform = mean_variance(base.draws("SGHMC (uniform)"), 1000, steps);
  const double cost1 = gradients_per_step(base.snapshot("EWSG"));
  const double cost5 = gradients_per_step(more.snapshot("EWSG"));
  WARN("ewsg-fig1a/EWSG M 1 → 5: variance " << var1 << " → " << var5 << " (truth 0.05, uniform "
                                            << var_uniform << "), gradients per step " << cost1
                                            << " → " << cost5);
  CHECK(std::abs(var5 - 0.05) < std::abs(var1 - 0.05));
  CHECK(cost5 == Approx(3 * cost1));
}

TEST_CASE("note ewsg-fig1a / try next 2: a larger batch lowers the noise and closes the gap",
          "[stat][note]") {
  const std::uint64_t steps = 40000;
  const std::vector<std::string> labels{"SGHMC (uniform)", "EWSG", "SGLD"};
  std::vector<NoteChange> changes;
  for (const std::string& label : labels) changes.push_back({label, 0, {{"batch_size", 5}}});
  PresetLive base("ewsg-fig1a", steps, labels);
  PresetLive batch("ewsg-fig1a", steps, labels, changes);
  std::map<std::string, double> excess_base, excess_batch;
  for (const std::string& label : labels) {
    excess_base[label] = mean_variance(base.draws(label), 1000, steps) / 0.05 - 1;
    excess_batch[label] = mean_variance(batch.draws(label), 1000, steps) / 0.05 - 1;
    WARN("ewsg-fig1a/" << label << " batch 1 → 5: excess variance " << excess_base[label] << " → "
                       << excess_batch[label]);
    CHECK(excess_batch[label] < excess_base[label]);
  }
  CHECK(std::abs(excess_batch["SGHMC (uniform)"] - excess_batch["EWSG"]) <
        0.5 * std::abs(excess_base["SGHMC (uniform)"] - excess_base["EWSG"]));
}

TEST_CASE("note hmcecs-logistic / try next 1: identity mass needs a smaller step size",
          "[stat][note]") {
  const std::uint64_t change = 200, steps = 700;
  PresetLive identity("hmcecs-logistic", steps, {"HMC-ECS"}, {{"HMC-ECS", change, {{"mass", 0}}}});
  PresetLive smaller("hmcecs-logistic", steps, {"HMC-ECS"},
                     {{"HMC-ECS", change, {{"mass", 0}, {"step_size", 0.005}}}});
  const DrawStore d_identity = identity.draws("HMC-ECS");
  const double hessian = accept_fraction(d_identity, 0, change);
  const double plain = accept_fraction(d_identity, change, steps);
  const double recovered = accept_fraction(smaller.draws("HMC-ECS"), change, steps);
  WARN("hmcecs-logistic/HMC-ECS mass Hessian → identity: acceptance "
       << hessian << " → " << plain << "; with ε = 0.005 " << recovered);
  CHECK(hessian > 0.9);
  CHECK(plain < 0.3);
  CHECK(recovered > 0.7);
}

TEST_CASE(
    "note hmcecs-logistic / try next 2: blocks and batch 10 raise σ̂² tenfold yet α_u stays near 1",
    "[stat][note]") {
  // m must be at least G (a smaller batch alone is refused), so both fall together.
  const std::uint64_t steps = 500;
  PresetLive base("hmcecs-logistic", steps, {"HMC-ECS"});
  PresetLive small("hmcecs-logistic", steps, {"HMC-ECS"},
                   {{"HMC-ECS", 0, {{"batch_size", 10}, {"blocks", 10}}}});
  const double var_base = mean_loglik_variance(base.draws("HMC-ECS"), 0, steps);
  const double var_small = mean_loglik_variance(small.draws("HMC-ECS"), 0, steps);
  const double alpha_base = subsample_accept_rate(base.snapshot("HMC-ECS"));
  const double alpha_small = subsample_accept_rate(small.snapshot("HMC-ECS"));
  const double accept_small = accept_fraction(small.draws("HMC-ECS"), 0, steps);
  WARN("hmcecs-logistic/HMC-ECS batch and blocks 100 → 10: α_θ "
       << accept_small << ", σ̂² " << var_base << " → " << var_small << ", α_u " << alpha_base
       << " → " << alpha_small);
  CHECK(var_small > 5 * var_base);
  CHECK(var_small < 0.1);  // still far below 1, where the subsample would start to matter
  CHECK(alpha_small > 0.95);
  CHECK(alpha_base > 0.95);
  CHECK(accept_small > 0.9);
}

TEST_CASE("note hmcecs-logistic / try next 3: signed HMC-ECS keeps τ̂ = 1 down to batch size 1",
          "[stat][note]") {
  const std::uint64_t steps = 500;
  PresetLive base("hmcecs-logistic", steps, {"signed HMC-ECS"});
  PresetLive small("hmcecs-logistic", steps, {"signed HMC-ECS"},
                   {{"signed HMC-ECS", 0, {{"batch_size", 1}}}});
  const double tau_base = positive_sign_fraction(base.draws("signed HMC-ECS"), 0, steps);
  const double tau_small = positive_sign_fraction(small.draws("signed HMC-ECS"), 0, steps);
  const double accept_small = accept_fraction(small.draws("signed HMC-ECS"), 0, steps);
  WARN("hmcecs-logistic/signed HMC-ECS batch 30 → 1: τ̂ " << tau_base << " → " << tau_small
                                                         << ", α_θ " << accept_small);
  CHECK(tau_base == 1.0);
  CHECK(tau_small == 1.0);
  CHECK(accept_small > 0.9);
}
