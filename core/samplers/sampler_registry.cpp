#include "core/samplers/sampler_registry.hpp"

#include <stdexcept>

#include "core/samplers/data_aware_defaults.hpp"

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

template <class SamplerType>
std::function<std::unique_ptr<Sampler>(const Target&)> factory() {
  return [](const Target& target) { return std::make_unique<SamplerType>(target); };
}

std::function<std::unique_ptr<Sampler>(const Target&)> dais_factory(DaisVariant variant) {
  return [variant](const Target& target) { return std::make_unique<DaisSampler>(target, variant); };
}

std::vector<SamplerInfo> build_catalogue() {
  return {
      {"hmc",
       "HMC",
       "HMC",
       "Chen, Fox & Guestrin 2014, Alg. 1; Neal 2010",
       "r ~ N(0,I); L leapfrog steps with the exact ∇U; MH with exact H",
       HmcSampler::descriptors(),
       factory<HmcSampler>(),
       {.output_kind = OutputKind::Exact,
        .stability = StabilityRule::Leapfrog,
        .regression_defaults = leapfrog_regression_defaults}},
      {"naive-sghmc",
       "Naive SGHMC",
       "naive SGHMC",
       "Chen, Fox & Guestrin 2014, §3.1",
       "HMC with ∇Ũ in the leapfrog; r redrawn every L steps; optional MH with exact H",
       NaiveSghmcSampler::descriptors(),
       factory<NaiveSghmcSampler>(),
       {.output_kind = OutputKind::Biased,
        .stability = StabilityRule::Leapfrog,
        .regression_defaults = leapfrog_regression_defaults}},
      {"sghmc",
       "SGHMC (friction)",
       "SGHMC",
       "Chen, Fox & Guestrin 2014, Alg. 2, eq. 13",
       "θ += εr; r += −ε∇Ũ(θ) − εCr + N(0, 2(C−B̂)ε)",
       SghmcSampler::descriptors(),
       factory<SghmcSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::Sghmc,
        .regression_defaults = sghmc_regression_defaults}},
      {"sgld",
       "SGLD",
       "SGLD",
       "Welling & Teh 2011 (form of Dang et al. 2019, §6.2)",
       "θ += −(ε/2)∇Ũ(θ) + N(0, ε)",
       SgldSampler::descriptors(),
       factory<SgldSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::Langevin,
        .regression_defaults = langevin_regression_defaults}},
      {"sgd-momentum",
       "SGD with momentum",
       "SGD-momentum",
       "Chen, Fox & Guestrin 2014, eq. 15 without noise",
       "θ += v; v += −η∇Ũ(θ) − αv (an optimiser: collapses to a mode)",
       SgdMomentumSampler::descriptors(),
       factory<SgdMomentumSampler>(),
       {.output_kind = OutputKind::Optimiser,
        .regression_defaults = sgd_momentum_regression_defaults}},
      {"sghmc-sgd",
       "SGHMC (SGD form)",
       "SGHMC-SGD",
       "Chen, Fox & Guestrin 2014, §3.3, eq. 15",
       "θ += v; v += −η∇Ũ(θ) − αv + N(0, 2(α−β̂)η) (SGHMC with v = εr)",
       SghmcSgdSampler::descriptors(),
       factory<SghmcSgdSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::SghmcSgd,
        .regression_defaults = sghmc_sgd_regression_defaults}},
      {"ewsg",
       "EWSG",
       "EWSG",
       "EWSG paper (non-uniform subsampling of gradients, seed 003), Alg. 1",
       "index I by a Metropolis chain ∝ exp(½‖x + n a_I‖²); θ += h r; "
       "r += −h(n∇V_I(θ) + γr) + N(0, 2γh) (both from the old state)",
       EwsgSampler::descriptors(),
       factory<EwsgSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .channels = EwsgSampler::channels(),
        .stability = StabilityRule::EulerLangevin,
        .regression_defaults = euler_langevin_regression_defaults}},
      {"sgld-cv",
       "SGLD with control variates",
       "SGLD-CV",
       "Baker, Fearnhead, Fox & Nemeth 2017; Dang et al. 2019, §6.2",
       "θ += −(ε/2)∇Ũ_cv(θ) + N(0, ε), ∇Ũ_cv centred at the MAP",
       SgldCvSampler::descriptors(),
       factory<SgldCvSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::Langevin,
        .regression_defaults = langevin_regression_defaults}},
      {"sghmc-cv",
       "SGHMC with control variates",
       "SGHMC-CV",
       "Chen et al. 2014, eq. 13; Dang et al. 2019, §6.2",
       "θ += εr; r += −ε∇Ũ_cv(θ) − εCr + N(0, 2(C−B̂)ε), ∇Ũ_cv centred at the MAP",
       SghmcCvSampler::descriptors(),
       factory<SghmcCvSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::Sghmc,
        .regression_defaults = sghmc_regression_defaults}},
      {"hmcecs",
       "HMC-ECS (perturbed)",
       "HMC-ECS",
       "Dang, Quiroz, Kohn, Tran & Villani 2019, Alg. 1, §3–4",
       "refresh one block of u by MH on L̂; then HMC on Û = −(ℓ̂ − ½σ̂²) − log p with u fixed "
       "(Taylor control variates at θ*)",
       HmcEcsSampler::descriptors(),
       factory<HmcEcsSampler>(),
       {.output_kind = OutputKind::Exact,
        .channels = HmcEcsSampler::channels(),
        .starts_at_mode = true,
        .stability = StabilityRule::MassLeapfrog,
        .regression_defaults = hessian_mass_regression_defaults}},
      {"dais",
       "DAIS",
       "DAIS",
       "Geffner & Domke 2021; Jankowiak & Phan 2021, Alg. 3",
       "Adam on the ELBO of q0 + K (refresh, leapfrog on V_k) steps, no MH; then iid z_K draws",
       DaisSampler::descriptors(DaisVariant::Full),
       dais_factory(DaisVariant::Full),
       {.output_kind = OutputKind::Variational,
        .channels = DaisSampler::channels(),
        .importance_log_weight = "log_weight"}},
      {"ns-dais",
       "NS-DAIS (minibatch)",
       "NS-DAIS",
       "Jankowiak & Phan 2021, §4, Alg. 2",
       "DAIS with (n/B)·minibatch likelihoods: one for the dynamics, one for the final term",
       DaisSampler::descriptors(DaisVariant::Minibatch),
       dais_factory(DaisVariant::Minibatch),
       {.output_kind = OutputKind::Variational,
        .channels = DaisSampler::channels(),
        .importance_log_weight = "log_weight"}},
      {"sl-dais",
       "SL-DAIS (surrogate)",
       "SL-DAIS",
       "Jankowiak & Phan 2021, Alg. 1 (RAND surrogate)",
       "DAIS with a learned surrogate Σω_j ℓ_{s_j} in the dynamics, a minibatch in the final term",
       DaisSampler::descriptors(DaisVariant::Surrogate),
       dais_factory(DaisVariant::Surrogate),
       {.output_kind = OutputKind::Variational,
        .channels = DaisSampler::channels(),
        .importance_log_weight = "log_weight"}},
      {"hmcecs-signed",
       "HMC-ECS (signed)",
       "signed HMC-ECS",
       "Dang, Quiroz, Kohn, Tran & Villani 2019, §5",
       "refresh κ of λ block-Poisson products by MH on |L̂|; then HMC on −log|L̂| − log p with u "
       "fixed; draws weighted by s = sign(L̂)",
       HmcEcsSignedSampler::descriptors(),
       factory<HmcEcsSignedSampler>(),
       {.output_kind = OutputKind::Exact,
        .channels = HmcEcsSignedSampler::channels(),
        .starts_at_mode = true,
        .stability = StabilityRule::MassLeapfrog,
        .regression_defaults = hessian_mass_regression_defaults}},
      {"rwm",
       "Random-walk Metropolis",
       "RWM",
       "Metropolis et al. 1953; adaptation: Andrieu & Thoms 2008, Alg. 4",
       "θ' = θ + σ N(0, I); MH with U; σ tuned in burn-in to acceptance 0.234 (0.44 in 1-D)",
       RandomWalkMetropolisSampler::descriptors(),
       factory<RandomWalkMetropolisSampler>(),
       {.output_kind = OutputKind::Exact,
        .channels = RandomWalkMetropolisSampler::channels(),
        .regression_defaults = RandomWalkMetropolisSampler::regression_defaults}},
      {"mala",
       "MALA",
       "MALA",
       "Roberts & Tweedie 1996, eq. 2.2",
       "θ' = θ − (ε/2)∇U(θ) + N(0, ε) (an SGLD step); MH with U and q(θ|θ')/q(θ'|θ)",
       MalaSampler::descriptors(),
       factory<MalaSampler>(),
       {.output_kind = OutputKind::Exact,
        .stability = StabilityRule::Langevin,
        .regression_defaults = langevin_regression_defaults}},
      {"sgnht",
       "SGNHT (thermostat)",
       "SGNHT",
       "Ding, Fang, Babbush, Chen, Skeel & Neven 2014, Alg. 1",
       "r += −ξrε − ∇Ũ(θ)ε + N(0, 2Aε); θ += εr; ξ += (rᵀr/d − 1)ε (ξ adapts to the noise)",
       SgnhtSampler::descriptors(),
       factory<SgnhtSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .channels = SgnhtSampler::channels(),
        .stability = StabilityRule::Leapfrog,
        .regression_defaults = sghmc_regression_defaults}},
      {"psgld",
       "pSGLD (RMSprop preconditioner)",
       "pSGLD",
       "Li, Chen, Carlson & Carin 2016, Alg. 1 (Γ dropped)",
       "V ← αV + (1−α)∇Ũ⊙∇Ũ; G = 1/(λ+√V); θ += −(ε/2)G∇Ũ(θ) + N(0, εG); α = 0.99, λ = 1e-5",
       PsgldSampler::descriptors(),
       factory<PsgldSampler>(),
       {.output_kind = OutputKind::Biased,
        .channels = PsgldSampler::channels(),
        .regression_defaults = PsgldSampler::regression_defaults,
        .bias_warning = PsgldSampler::kBiasWarning}},
      {"svrg-ld",
       "SVRG-LD (variance-reduced SGLD)",
       "SVRG-LD",
       "Dubey, Reddi, Póczos, Smola, Xing & Williams 2016, Alg. 1",
       "every ⌈n/b⌉ steps θ̃ ← θ, g̃ = ∇U(θ̃); θ += −(ε/2)[g̃ + ∇Ũ(θ) − ∇Ũ(θ̃)] + N(0, ε)",
       SvrgLdSampler::descriptors(),
       factory<SvrgLdSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .stability = StabilityRule::Langevin,
        .regression_defaults = langevin_regression_defaults}},
      {"csgld",
       "Cyclical SGLD",
       "cSGLD",
       "Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1, eq. 1 (with SGLD)",
       "ε_k = (ε/2)(cos πr_k + 1), r_k = ((k−1) mod L)/L; r_k < β: θ += −(ε_k/2)∇Ũ (explore, "
       "not kept); else θ += −(ε_k/2)∇Ũ + N(0, ε_k) (kept)",
       CsgldSampler::descriptors(),
       factory<CsgldSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .channels = CyclicalSampler::channels(),
        .stability = StabilityRule::Langevin,
        .regression_defaults = CyclicalSampler::csgld_regression_defaults}},
      {"csghmc",
       "Cyclical SGHMC",
       "cSGHMC",
       "Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1 (with SGHMC, SGD form)",
       "η_k = (η/2)(cos πr_k + 1); v ← (1−α)v − η_k∇Ũ(θ) [+ N(0, 2αη_k) when r_k ≥ β, kept]; "
       "θ += v",
       CsghmcSampler::descriptors(),
       factory<CsghmcSampler>(),
       {.output_kind = OutputKind::Asymptotic,
        .channels = CyclicalSampler::channels(),
        .stability = StabilityRule::SghmcSgd,
        .regression_defaults = CyclicalSampler::csghmc_regression_defaults}},
      {"nuts",
       "NUTS (multinomial, Stan's)",
       "NUTS",
       "Hoffman & Gelman 2014; Betancourt 2017; as Stan's base_nuts (multinomial)",
       "r ~ N(0, M); double the leapfrog trajectory in random directions until a U-turn (depth "
       "≤ 10); draw a state ∝ e^(−H); ε and diagonal M adapted in burn-in",
       NutsSampler::descriptors(),
       factory<NutsSampler>(),
       {.output_kind = OutputKind::Exact,
        .channels = NutsSampler::channels(),
        .regression_defaults = leapfrog_regression_defaults}},
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
