#include "samplers/sampler_registry.hpp"

#include "samplers/hmc.hpp"
#include "samplers/naive_sghmc.hpp"
#include "samplers/sgd_momentum.hpp"
#include "samplers/sghmc.hpp"
#include "samplers/sgld.hpp"
#include "util/error.hpp"

namespace sgl {
namespace {

template <class SamplerType>
std::function<std::unique_ptr<Sampler>(const Target&)> factory() {
  return [](const Target& target) { return std::make_unique<SamplerType>(target); };
}

std::vector<SamplerInfo> build_catalogue() {
  return {
      {"hmc", "HMC", "Chen, Fox & Guestrin 2014, Alg. 1; Neal 2010",
       "r ~ N(0,I); L leapfrog steps with the exact ∇U; MH with exact H", HmcSampler::descriptors(),
       factory<HmcSampler>()},
      {"naive-sghmc", "Naive SGHMC", "Chen, Fox & Guestrin 2014, §3.1",
       "HMC with ∇Ũ in the leapfrog; r redrawn every L steps; optional MH with exact H",
       NaiveSghmcSampler::descriptors(), factory<NaiveSghmcSampler>()},
      {"sghmc", "SGHMC (friction)", "Chen, Fox & Guestrin 2014, Alg. 2, eq. 13",
       "θ += εr; r += −ε∇Ũ(θ) − εCr + N(0, 2(C−B̂)ε)", SghmcSampler::descriptors(),
       factory<SghmcSampler>()},
      {"sgld", "SGLD", "Welling & Teh 2011 (form of Dang et al. 2019, §6.2)",
       "θ += −(ε/2)∇Ũ(θ) + N(0, ε)", SgldSampler::descriptors(), factory<SgldSampler>()},
      {"sgd-momentum", "SGD with momentum", "Chen, Fox & Guestrin 2014, eq. 15 without noise",
       "θ += v; v += −η∇Ũ(θ) − αv (an optimiser: collapses to a mode)",
       SgdMomentumSampler::descriptors(), factory<SgdMomentumSampler>()},
  };
}

}  // namespace

const std::vector<SamplerInfo>& sampler_catalogue() {
  static const std::vector<SamplerInfo> catalogue = build_catalogue();
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
  for (const char* stochastic_only : {"batch_size", "noise_var"}) {
    if (params.count(stochastic_only) && !find_descriptor(info->params, stochastic_only))
      throw UserError(id + " uses the exact gradient, so '" + stochastic_only +
                      "' does not apply (it is a stochastic-gradient setting)");
  }
  const bool data_target = target.as_data_target() != nullptr;
  validate_params(params, info->params, id, data_target);
  auto sampler = info->create(target);
  sampler->set_params(with_defaults(params, info->params, data_target));
  return sampler;
}

}  // namespace sgl
