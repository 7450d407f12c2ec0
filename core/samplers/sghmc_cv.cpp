#include "core/samplers/sghmc_cv.hpp"

namespace sgl {

std::vector<ParamDescriptor> SghmcCvSampler::descriptors() {
  return control_variate_descriptors(SghmcSampler::descriptors());
}

}  // namespace sgl
