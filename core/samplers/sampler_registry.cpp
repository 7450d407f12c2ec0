#include "core/samplers/sampler_registry.hpp"

#include <stdexcept>

#include "core/samplers/csghmc.hpp"
#include "core/samplers/csgld.hpp"
#include "core/samplers/dais.hpp"
#include "core/samplers/ewsg.hpp"
#include "core/samplers/hmc.hpp"
#include "core/samplers/hmcecs.hpp"
#include "core/samplers/hmcecs_signed.hpp"
#include "core/samplers/mala.hpp"
#include "core/samplers/naive_sghmc.hpp"
#include "core/samplers/nuts.hpp"
#include "core/samplers/psgld.hpp"
#include "core/samplers/rwm.hpp"
#include "core/samplers/sgd_momentum.hpp"
#include "core/samplers/sghmc.hpp"
#include "core/samplers/sghmc_cv.hpp"
#include "core/samplers/sghmc_sgd.hpp"
#include "core/samplers/sgld.hpp"
#include "core/samplers/sgld_cv.hpp"
#include "core/samplers/sgnht.hpp"
#include "core/samplers/svrg_ld.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// One line per sampler: its entry is declared in its own file.
std::vector<SamplerInfo> build_catalogue() {
  return {
      HmcSampler::info(),
      NaiveSghmcSampler::info(),
      SghmcSampler::info(),
      SgldSampler::info(),
      SgdMomentumSampler::info(),
      SghmcSgdSampler::info(),
      EwsgSampler::info(),
      SgldCvSampler::info(),
      SghmcCvSampler::info(),
      HmcEcsSampler::info(),
      DaisSampler::info(DaisVariant::Full),
      DaisSampler::info(DaisVariant::Minibatch),
      DaisSampler::info(DaisVariant::Surrogate),
      HmcEcsSignedSampler::info(),
      RandomWalkMetropolisSampler::info(),
      MalaSampler::info(),
      SgnhtSampler::info(),
      PsgldSampler::info(),
      SvrgLdSampler::info(),
      CsgldSampler::info(),
      CsghmcSampler::info(),
      NutsSampler::info(),
  };
}

}  // namespace

const std::vector<SamplerInfo>& sampler_catalogue() {
  static const std::vector<SamplerInfo> catalogue = [] {
    std::vector<SamplerInfo> built = build_catalogue();
    // A sampler's tallies live in a fixed array (SamplerCounters::channels).
    for (const SamplerInfo& info : built)
      if (info.traits.channels.size() > kMaxChannels)
        throw std::logic_error(info.id + " declares more info channels than kMaxChannels");
    return built;
  }();
  return catalogue;
}

const SamplerInfo* find_sampler_info(const std::string& id) {
  for (const auto& info : sampler_catalogue())
    if (info.id == id) return &info;
  return nullptr;
}

std::unique_ptr<Sampler> make_sampler(const std::string& id, const Target& target,
                                      const ParamValues& params) {
  const SamplerInfo* info = find_sampler_info(id);
  if (!info) {
    std::string known;
    for (const auto& entry : sampler_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError("unknown sampler '" + id + "' (known: " + known + ")");
  }
  const bool takes_batch_size = find_descriptor(info->params, "batch_size") != nullptr;
  const bool takes_noise_var = find_descriptor(info->params, "noise_var") != nullptr;
  for (const char* stochastic_only : {"batch_size", "noise_var"}) {
    if (!params.count(stochastic_only) || find_descriptor(info->params, stochastic_only)) continue;
    if (!takes_batch_size && !takes_noise_var)
      throw UserError(id + " uses the exact gradient, so '" + stochastic_only +
                      "' does not apply (it is a stochastic-gradient setting)");
    throw UserError(id +
                    " runs on data targets only, where the gradient noise comes from "
                    "minibatches: '" +
                    std::string(stochastic_only) + "' does not apply");
  }
  const bool data_target = target.as_data_target() != nullptr;
  validate_params(params, info->params, id, data_target);
  auto sampler = info->create(target);
  sampler->set_params(sampler_defaults(id, target, params, info->params));
  return sampler;
}

}  // namespace sgl
