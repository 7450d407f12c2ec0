#include "core/samplers/common_params.hpp"

namespace sgl {

ParamDescriptor step_size_param(double default_value, const std::string& tooltip) {
  return {"step_size", "step size ε", ParamKind::Real, 1e-10, 10.0, default_value, true, tooltip};
}

ParamDescriptor noise_var_param() {
  ParamDescriptor d{"noise_var",
                    "gradient noise V",
                    ParamKind::Real,
                    0.0,
                    100.0,
                    4.0,
                    false,
                    "Variance of the Gaussian noise added to the exact gradient (analytic targets; "
                    "Chen et al. use 4)"};
  d.scope = ParamScope::AnalyticTargetsOnly;
  return d;
}

ParamDescriptor batch_size_param(double default_value) {
  ParamDescriptor d{
      "batch_size",
      "minibatch size b",
      ParamKind::Integer,
      1,
      1e7,
      default_value,
      true,
      "Data points per stochastic gradient, drawn uniformly with replacement; smaller "
      "is cheaper and noisier"};
  d.scope = ParamScope::DataTargetsOnly;
  return d;
}

}  // namespace sgl
