#include "core/samplers/sgld_cv.hpp"

namespace sgl {

std::vector<ParamDescriptor> SgldCvSampler::descriptors() {
  return control_variate_descriptors(SgldSampler::descriptors());
}

}  // namespace sgl
