#include "app/gui/panels/gradient_noise_inspector.hpp"

#include <exception>

#include "core/samplers/sampler_capabilities.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

std::optional<double> param(const ChainSnapshot& chain, const char* name) {
  const auto it = chain.full_params.find(name);
  if (it == chain.full_params.end()) return std::nullopt;
  return it->second;
}

}  // namespace

const GradientCloud& InspectorResult::used_cloud() const {
  if (chain.ewsg && report.ewsg) return *report.ewsg;
  if (chain.uses_control_variate) {
    if (chain.second_order && report.control_variate2) return *report.control_variate2;
    if (report.control_variate) return *report.control_variate;
  }
  return report.minibatch;
}

bool GradientNoiseInspector::inspectable(const ChainSnapshot& chain) {
  return chain.full_params.contains("batch_size") || chain.full_params.contains("noise_var");
}

bool GradientNoiseInspector::stale(const EngineSnapshot& snapshot,
                                   const ChainSnapshot& chain) const {
  if (!result_) return false;
  const FrozenChain& frozen = result_->chain;
  return frozen.target != snapshot.target ||
         (frozen.chain_id == chain.id && frozen.sampler_id != chain.sampler_id);
}

void GradientNoiseInspector::freeze(const EngineSnapshot& snapshot, const ChainSnapshot& chain,
                                    int samples) {
  if (!snapshot.target) return;
  FrozenChain frozen;
  frozen.chain_id = chain.id;
  frozen.label = chain.label;
  frozen.sampler_id = chain.sampler_id;
  frozen.target = snapshot.target;
  frozen.target_id = snapshot.target_spec.id;
  const int dim = snapshot.target->dim();
  const std::size_t rows = chain.recent_steps.size();
  if (rows > 0 && chain.recent_theta.size() >= rows * static_cast<std::size_t>(dim)) {
    frozen.theta = Eigen::Map<const Vec>(chain.recent_theta.data() + (rows - 1) * dim, dim);
    frozen.step = chain.recent_steps.back();
  } else {
    frozen.theta = snapshot.target->default_init();
  }
  const GradientNoiseView view = gradient_noise_view_of(chain.sampler_id, chain.full_params);
  frozen.step_size = view.step_size;
  frozen.friction = view.friction;
  frozen.noise_estimate = view.noise_estimate;
  frozen.uses_control_variate = view.estimate == GradientEstimate::ControlVariate ||
                                view.estimate == GradientEstimate::ControlVariateSecondOrder;
  frozen.second_order = view.estimate == GradientEstimate::ControlVariateSecondOrder;

  GradientNoiseRequest request;
  request.theta = frozen.theta;
  request.batch_size = static_cast<int>(param(chain, "batch_size").value_or(32.0));
  request.noise_var = param(chain, "noise_var").value_or(0.0);
  request.samples = samples;
  request.seed = chain.seed;
  // EWSG's index weights need the momentum at the same step.
  frozen.ewsg = view.estimate == GradientEstimate::EwsgIndexWeights &&
                snapshot.target->as_data_target() &&
                chain.recent_momentum.size() == chain.recent_theta.size() && rows > 0;
  if (frozen.ewsg) {
    request.ewsg_momentum =
        Eigen::Map<const Vec>(chain.recent_momentum.data() + (rows - 1) * dim, dim);
    request.ewsg_step_size = frozen.step_size;
    request.ewsg_friction = frozen.friction.value_or(1.0);
  }
  // The job holds the (immutable) target itself, so the session may drop it meanwhile. A
  // measurement still running is cancelled by start(): its result is never adopted.
  std::shared_ptr<const Target> target = snapshot.target;
  auto result = std::make_shared<InspectorResult>();
  result->chain = frozen;
  pending_ = result;
  job_.start(
      [target, request, result](JobControl& control) {
        GradientNoiseRequest cancellable = request;  // a closing window stops it within ~0.1 s
        cancellable.check_cancelled = [&control] { control.check_cancelled(); };
        try {
          result->report = measure_gradient_noise(*target, cancellable);
        } catch (const std::exception& error) {
          result->error = error.what();
        }
        return std::string();
      },
      on_finish_);
}

void GradientNoiseInspector::poll() {
  const std::optional<JobOutcome> outcome = job_.take_outcome();
  if (!outcome || !pending_) return;
  if (outcome->ok) result_ = std::move(pending_);
  pending_.reset();
}

}  // namespace sgl
