#include "core/samplers/ecs_setup.hpp"

#include "core/util/error.hpp"

namespace sgl {

const DataTarget& require_ecs_data_target(const Target& target, const std::string& sampler_id) {
  const DataTarget* data = target.as_data_target();
  if (!data)
    throw UserError(sampler_id + " needs a data target (per-datum log-likelihood terms); '" +
                    target.id() + "' is analytic — use linear, logistic, ewsg-gauss or CSV data");
  return *data;
}

std::unique_ptr<TaylorControlVariates> build_ecs_expansion(const DataTarget& data,
                                                           TaylorOrder order,
                                                           std::int64_t expansion_subset, Rng& rng,
                                                           SamplerCounters& counters) {
  auto expansion = std::make_unique<TaylorControlVariates>(data, order, expansion_subset, rng);
  charge_ecs_expansion(*expansion, counters);
  return expansion;
}

void charge_ecs_expansion(const TaylorControlVariates& expansion, SamplerCounters& counters) {
  counters.gradient_evaluations += expansion.setup_gradient_evaluations();
  counters.density_evaluations += expansion.setup_density_evaluations();
}

void set_ecs_mass(Metric& mass, const TaylorControlVariates& expansion, bool hessian_mass) {
  if (hessian_mass) {
    mass.set_dense(expansion.negative_log_posterior_hessian());
  } else {
    mass.set_unit(expansion.target().dim());
  }
}

}  // namespace sgl
