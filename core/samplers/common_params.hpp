// Parameter descriptors shared by several samplers, so that names, ranges and tooltips agree.
#pragma once

#include <string>

#include "core/util/params.hpp"

namespace sgl {

ParamDescriptor step_size_param(double default_value, const std::string& tooltip);

// V in ∇Ũ = ∇U + N(0, V·I): the gradient noise on analytic targets (Chen et al. use V = 4 in
// Figs. 1–2 and V = 1 in Fig. 3).
ParamDescriptor noise_var_param();

// Minibatch size b on data targets (uniform with replacement).
ParamDescriptor batch_size_param(double default_value = 32);

}  // namespace sgl
