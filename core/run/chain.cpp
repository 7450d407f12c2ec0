#include "run/chain.hpp"

#include <chrono>

#include "samplers/sampler_registry.hpp"

namespace sgl {

Chain::Chain(std::shared_ptr<const Target> target, std::string sampler_id,
             const ParamValues& params, std::uint64_t seed, Vec init, std::uint64_t burnin,
             std::uint64_t thin, std::size_t draw_capacity)
    : target_(std::move(target)),
      sampler_id_(std::move(sampler_id)),
      params_(params),
      initial_params_(params),
      seed_(seed),
      init_(std::move(init)),
      rng_(seed),
      sampler_(make_sampler(sampler_id_, *target_, params_)),
      draws_(target_->dim(), burnin, thin, draw_capacity) {
  sampler_->reset(init_, rng_);
}

void Chain::run(std::uint64_t steps) {
  if (sampler_->stopped()) return;
  const auto start = std::chrono::steady_clock::now();
  sampler_->run(steps, rng_, draws_);
  wall_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void Chain::set_params(const ParamValues& params) {
  const SamplerInfo& info = *find_sampler_info(sampler_id_);
  const bool data_target = target_->as_data_target() != nullptr;
  validate_params(params, info.params, sampler_id_, data_target);
  // Samplers check combinations (e.g. C ≥ B̂) before changing any field, so a rejected change
  // leaves the chain as it was.
  sampler_->set_params(with_defaults(params, info.params, data_target));
  params_ = params;
  history_.push_back({sampler_->counters().steps, params});
}

ParamValues Chain::full_params() const {
  return with_defaults(params_, find_sampler_info(sampler_id_)->params,
                       target_->as_data_target() != nullptr);
}

void Chain::reset() {
  rng_ = Rng(seed_);
  draws_.clear();
  wall_seconds_ = 0.0;
  history_.clear();
  initial_params_ = params_;
  sampler_->reset(init_, rng_);
}

}  // namespace sgl
