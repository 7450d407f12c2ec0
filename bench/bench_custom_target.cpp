// A typed potential against the built-in target it equals: SGHMC steps per second on
// `0.5*x^2 + 0.5*y^2` (the expression interpreter with forward-mode gradients) beside gauss2d
// with rho = 0 (hand-written C++), same sampler settings, single thread. Goal (issue 13): the
// typed one runs at >= 25% of the built-in speed. Also times one gradient of the rotated banana
// and the construction of a custom target (window search + truth grid), which the engine pays
// each time a new expression is applied, and the validation the window's text box runs on every
// edit (parse + window search).
#include <chrono>
#include <cstdio>
#include <string>

#include "core/run/chain.hpp"
#include "core/targets/expression/program.hpp"
#include "core/targets/potential_window.hpp"
#include "core/targets/target_registry.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Best of three runs, in millions of steps per second.
double sghmc_speed(const std::shared_ptr<const sgl::Target>& target, std::uint64_t steps) {
  const sgl::ParamValues params = {{"noise_var", 1}, {"step_size", 0.05}, {"friction", 1}};
  double best = 0.0;
  for (int repeat = 0; repeat < 3; ++repeat) {
    sgl::Chain chain(target, "sghmc", params, 1, target->default_init(), 0, 1, 1'000'000);
    chain.run(steps / 10);  // warm up
    const auto start = std::chrono::steady_clock::now();
    chain.run(steps);
    best = std::max(best, steps / seconds_since(start) / 1e6);
  }
  return best;
}

}  // namespace

int main() {
  const std::uint64_t steps = 10'000'000;
  auto builtin = sgl::make_target({"gauss2d", {{"rho", 0.0}}, "", "y"});
  auto typed = sgl::make_target({"custom", {}, "", "y", "0.5*x^2 + 0.5*y^2"});
  const double builtin_speed = sghmc_speed(builtin, steps);
  const double typed_speed = sghmc_speed(typed, steps);
  std::printf("SGHMC (noise_var 1, step 0.05, friction 1), thin 1, single thread, best of 3:\n");
  std::printf("  gauss2d rho=0 (built-in)       %7.2f M steps/s\n", builtin_speed);
  std::printf(
      "  custom '0.5*x^2 + 0.5*y^2'     %7.2f M steps/s  = %.0f%% of built-in (goal >= "
      "25%%)\n",
      typed_speed, 100.0 * typed_speed / builtin_speed);

  auto banana = sgl::make_target({"custom", {}, "", "y", "0.5*x^2 + 2*(y - 0.5*x^2)^2"});
  double theta[2] = {0.3, 0.1}, grad[2];
  const int repeats = 10'000'000;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) {
    theta[0] += 1e-12;
    banana->gradient(theta, grad);
  }
  std::printf("  banana gradient: %.1f ns per call\n", seconds_since(start) / repeats * 1e9);

  start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i)
    (void)sgl::make_target({"custom", {}, "", "y", "0.5*x^2 + 2*(y - 0.5*x^2)^2"});
  std::printf("  building the banana target (window + truth grid): %.1f ms\n",
              seconds_since(start) / 5 * 1e3);

  // What the window's text box pays on every keystroke: parse, compile, find the window.
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i) {
    const sgl::expr::Program program = sgl::expr::Program::compile("0.5*x^2 + 2*(y - 0.5*x^2)^2");
    (void)sgl::find_potential_window(program, {});
  }
  std::printf("  validating the banana as typed (parse + window search): %.1f ms\n",
              seconds_since(start) / 5 * 1e3);
  return 0;
}
