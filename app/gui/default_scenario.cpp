#include "default_scenario.hpp"

namespace sgl {

LiveSetup default_live_setup() {
  LiveSetup setup;
  setup.target = TargetSpec{"chen-doublewell", {}, "", "y"};
  setup.seed = 1;
  // Slow enough to follow a trajectory by eye, fast enough to fill the histograms in seconds.
  setup.steps_per_second = 2000.0;
  setup.chains = {
      {"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 50}}, true},
      {"naive-sghmc", {{"step_size", 0.1}, {"leapfrog_steps", 50}, {"noise_var", 4}}, true},
      // B̂ = ½εV = 0.2 is the true gradient-noise diffusion for V = 4, ε = 0.1.
      {"sghmc",
       {{"step_size", 0.1}, {"friction", 1}, {"noise_estimate", 0.2}, {"noise_var", 4}},
       true},
      {"sgld", {{"step_size", 0.05}, {"noise_var", 4}}, true},
  };
  return setup;
}

}  // namespace sgl
