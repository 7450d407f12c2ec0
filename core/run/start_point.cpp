#include "core/run/start_point.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

Vec common_start(const Target& target, const StartChoice& choice, const std::string& what) {
  if (choice.at_map) {
    if (!choice.values.empty())
      throw UserError(what + " map and " + what + " values exclude each other");
    std::optional<Vec> mode = target.posterior_mode();
    if (!mode)
      throw UserError(what + " map needs a regression target (--model logistic|linear), not '" +
                      target.id() + "'");
    return *std::move(mode);
  }
  Vec start = target.default_init();
  if (choice.values.empty()) return start;
  if (static_cast<int>(choice.values.size()) != target.dim()) {
    std::ostringstream msg;
    msg << what << " has " << choice.values.size() << " values but target '" << target.id()
        << "' has " << target.dim() << " coordinates";
    throw UserError(msg.str());
  }
  for (std::size_t i = 0; i < choice.values.size(); ++i) {
    if (!std::isfinite(choice.values[i])) throw UserError(what + " values must be finite");
    start[static_cast<Eigen::Index>(i)] = choice.values[i];
  }
  const double potential = target.potential(start.data());
  if (!std::isfinite(potential)) {
    std::ostringstream msg;
    msg << what << ": the potential U is " << (std::isnan(potential) ? "NaN" : "infinite")
        << " at the start point, not a finite "
        << "number (the density is 0 or overflows there): start closer to the target's mass";
    throw UserError(msg.str());
  }
  return start;
}

Vec sampler_start(const Target& target, const StartChoice& choice, const Vec& common,
                  const std::string& sampler_id) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  const bool at_mode = info != nullptr && info->traits.starts_at_mode;
  if (at_mode && choice.values.empty())
    if (std::optional<Vec> mode = target.posterior_mode()) return *std::move(mode);
  return common;
}

}  // namespace sgl
