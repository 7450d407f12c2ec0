#include "run/session.hpp"

#include <cmath>
#include <sstream>

#include "targets/regression_data.hpp"
#include "util/error.hpp"

namespace sgl {

Session::Session(const RunSpec& spec) : spec_(spec) {
  if (spec.samplers.empty()) throw UserError("no sampler given (use --sampler ID[:key=value,...])");
  if (spec.chains_per_sampler < 1) throw UserError("chains must be at least 1");
  if (spec.steps < 1) throw UserError("steps must be at least 1");
  if (spec.thin < 1) throw UserError("thin must be at least 1");
  target_ = make_target(spec.target);

  Vec init = target_->default_init();
  if (!spec.init.empty()) {
    if (static_cast<int>(spec.init.size()) != target_->dim()) {
      std::ostringstream msg;
      msg << "--init has " << spec.init.size() << " values but target '" << target_->id()
          << "' has " << target_->dim() << " coordinates";
      throw UserError(msg.str());
    }
    for (std::size_t i = 0; i < spec.init.size(); ++i) {
      if (!std::isfinite(spec.init[i])) throw UserError("--init values must be finite");
      init[static_cast<Eigen::Index>(i)] = spec.init[i];
    }
  }

  const auto* regression = dynamic_cast<const RegressionTarget*>(target_.get());
  if (spec.init_at_map) {
    if (!spec.init.empty()) throw UserError("--init map and --init values exclude each other");
    if (regression == nullptr)
      throw UserError("--init map needs a regression target (--model logistic|linear), not '" +
                      target_->id() + "'");
    init = regression->map();
  }

  for (std::size_t position = 0; position < spec.samplers.size(); ++position) {
    // HMC-ECS (both kinds) starts at θ* by default, as in Dang et al.: its estimator is built
    // around θ*, and from far away the first iterations see a huge σ̂² (signed chains can stay
    // trapped there). An explicit --init still wins.
    const std::string& id = spec.samplers[position].id;
    const bool ecs = id == "hmcecs" || id == "hmcecs-signed";
    const Vec start = spec.init.empty() && ecs && regression != nullptr ? regression->map() : init;
    for (int chain = 0; chain < spec.chains_per_sampler; ++chain) {
      chains_.push_back(std::make_unique<Chain>(
          target_, spec.samplers[position].id, spec.samplers[position].params,
          chain_seed(spec.seed, position, chain), start, spec.burnin, spec.thin));
      chains_.back()->reserve_draws(static_cast<std::size_t>(spec.steps / spec.thin + 1));
      chain_sampler_position_.push_back(position);
      chain_index_.push_back(chain);
    }
  }
}

void Session::run_to_end() {
  const std::uint64_t total = spec_.burnin + spec_.steps;
  for (auto& chain : chains_) {
    // Variational samplers train first: their optimisation steps come on top of the total.
    chain->run(chain->sampler().training_steps() + total - chain->counters().steps);
  }
}

}  // namespace sgl
