#include "core/samplers/cyclical_sampler.hpp"

#include <cmath>
#include <numbers>

#include "core/samplers/data_aware_defaults.hpp"

namespace sgl {

std::vector<ParamDescriptor> CyclicalSampler::cycle_descriptors() {
  return {
      {"cycle_length", "cycle length L", ParamKind::Integer, 2, 1e7, 100, true,
       "Steps per cosine cycle: the step falls from its peak to 0 and jumps back; shorter "
       "cycles visit more modes, longer ones sample each more accurately"},
      {"exploration", "exploration share β", ParamKind::Real, 0.0, 0.99, 0.5, false,
       "Share of each cycle run as the noise-free optimiser (large steps, draws not kept); the "
       "rest samples with noise and is kept"},
  };
}

std::vector<ChannelDescriptor> CyclicalSampler::channels() {
  return {{.id = "kept",
           .label = "kept",
           .description = "share of the steps after burn-in in the sampling stage: only those "
                          "draws are kept (exploration-stage steps record nothing)",
           .kind = ChannelKind::Rate,
           .summary_key = "kept_fraction",
           .metric_column = true},
          {.id = "cycle_step",
           .label = "s_k",
           .description = "the cyclical step s_k = (s₀/2)(cos πr_k + 1) of each kept draw",
           .kind = ChannelKind::PerDraw,
           .summary_key = "cycle_step_mean",
           .csv_column = "cycle_step",
           .csv_absent = 0.0,
           .traced = true,
           .log_scale = true,
           .log_floor = 1e-9}};
}

void CyclicalSampler::csgld_regression_defaults(RegressionScale& scale) {
  langevin_regression_defaults(scale);
  scale.set("cycle_length", 400);
}

void CyclicalSampler::csghmc_regression_defaults(RegressionScale& scale) {
  sghmc_sgd_regression_defaults(scale);
  scale.set("cycle_length", 400);
}

void CyclicalSampler::set_cycle_params(const ParamValues& params) {
  cycle_length_ = static_cast<std::uint64_t>(std::max(2.0, params.at("cycle_length")));
  exploration_ = params.at("exploration");
}

CyclicalSampler::Stage CyclicalSampler::stage_at(std::uint64_t k, double peak) const {
  const double position =
      static_cast<double>((k - 1) % cycle_length_) / static_cast<double>(cycle_length_);
  return {0.5 * peak * (std::cos(std::numbers::pi * position) + 1.0), position < exploration_};
}

bool CyclicalSampler::finish_cyclical_step(DrawSink& store, const Stage& stage) {
  channel_tally(0).add(stage.exploring ? 0.0 : 1.0);
  if (!stage.exploring) {
    channel_tally(1).add(stage.step);
    return finish_free_step(store, &stage.step, 1);
  }
  ++counters_.steps;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < theta_.size(); ++i) sum += theta_[i] + r_[i];
  if (!std::isfinite(sum)) return diverge("position or momentum became non-finite");
  if (store.due(counters_.steps) || store.burnin_checkpoint(counters_.steps))
    return check_free_step();
  return true;
}

}  // namespace sgl
