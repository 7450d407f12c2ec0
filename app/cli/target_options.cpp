#include "app/cli/target_options.hpp"

namespace sgl {

TargetFlags add_target_options(CLI::App& command, RunOptions& options, const char* target_help) {
  TargetFlags flags;
  flags.target = command.add_option("--target", options.target, target_help);
  command.add_option("--target-param", options.target_params,
                     "Target parameter k=v (repeatable, or k1=v1,k2=v2)");
  flags.model = command.add_option("--model", options.model,
                                   "Data model: linear | logistic | mlp (a neural network)");
  auto* data = command.add_option("--data", options.data_csv,
                                  "CSV file: a header row, the response column, covariates");
  auto* format = command.add_option(
      "--data-format", options.data_format,
      "csv | npy | idx (MNIST-style images, gzipped or not, labels beside them); default: "
      "from the file");
  auto* response = command.add_option("--response", options.response,
                                      "Name of the response column in --data (default y)");
  auto* synthetic = command.add_option("--synthetic", options.synthetic,
                                       "Synthetic data instead of --data: n=..,d=..,seed=..");
  auto* prior_sd = command.add_option("--prior-sd", options.prior_sd,
                                      "Prior standard deviation of every coefficient (default 10)");
  flags.target->excludes(flags.model);
  data->excludes(synthetic);
  data->needs(flags.model);
  synthetic->needs(flags.model);
  response->needs(data);
  format->needs(data);
  prior_sd->needs(flags.model);
  return flags;
}

}  // namespace sgl
