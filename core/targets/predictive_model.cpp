#include "core/targets/predictive_model.hpp"

#include "core/targets/target.hpp"

namespace sgl {

const PredictiveModel* predictive_model(const Target& target) {
  // Whatever target class also is a PredictiveModel (today the MLP), not a test of its id.
  return dynamic_cast<const PredictiveModel*>(&target);
}

}  // namespace sgl
