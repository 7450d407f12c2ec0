// `sgmcmc-lab gradnoise`: the gradient-noise inspector headless. At one θ (a point or the MAP) it
// draws K stochastic gradients as the samplers draw them and writes DIR/gradnoise.json: the full
// gradient, the empirical and exact covariance of the minibatch gradient for the sampling scheme,
// and on data targets the first- and (regressions) second-order control-variate covariances
// (core/diagnostics/gradient_noise.hpp computes; this file only reads flags and writes).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/cli/cli_run.hpp"
#include "core/diagnostics/gradient_noise.hpp"

namespace sgl {

struct GradnoiseOptions {
  RunOptions target;       // only the target flags are read (as `run` reads them)
  std::string at;          // "map" or v1,v2,...
  std::string batch_size;  // data targets only (default 32)
  std::string noise_var;   // analytic targets only (default 4)
  std::string samples = "1000";
  std::string seed = "1";
  std::string sampling;  // data targets only (default with_replacement)
  std::string out_dir;
};

CLI::App* add_gradnoise_command(CLI::App& app, GradnoiseOptions& options);

// gradnoise.json's content (key order is reading order).
nlohmann::ordered_json gradnoise_json(const Target& target, const GradientNoiseReport& report,
                                      const GradientNoiseRequest& request);

// Runs the command; returns the exit code. Throws UserError (exit code 2 in main).
int gradnoise_command(const GradnoiseOptions& options);

}  // namespace sgl
