#include "core/run/chain.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/run/stable_settings.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_registry.hpp"

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
      draws_(target_->dim(), burnin, thin, draw_capacity),
      burnin_(burnin) {
  sampler_->reset(init_, rng_);
}

void Chain::run(std::uint64_t steps) {
  if (sampler_->stopped()) return;
  const auto start = std::chrono::steady_clock::now();
  // Stop once where burn-in ends to take the counters there. Running a chain in two calls gives
  // the same draws as in one (the GUI runs slices), so this changes nothing else.
  const std::uint64_t boundary = sampler_->training_steps() + burnin_;
  const std::uint64_t done = sampler_->counters().steps;
  if (!burnin_done_ && done + steps >= boundary) {
    if (done < boundary) {
      sampler_->run(boundary - done, rng_, draws_);
      steps -= boundary - done;
    }
    if (!sampler_->stopped() && sampler_->counters().steps == boundary) {
      burnin_done_ = true;
      burnin_counters_ = sampler_->counters();
    }
  }
  if (steps > 0 && !sampler_->stopped()) sampler_->run(steps, rng_, draws_);
  wall_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Divergences after burn-in are counted here too (the summary warns about those); the work
// counters stay as in counters().
SamplerCounters Chain::sampling_counters() const {
  SamplerCounters after = sampler_->counters();
  if (!burnin_done_) {
    // Still in burn-in (or stopped there): nothing sampled yet.
    after.steps = after.mh_proposals = after.mh_accepts = after.divergences = 0;
    after.adaptation_divergences = 0;
    after.accept_prob_sum = 0.0;
    after.channels = ChannelTallies{};
    return after;
  }
  const SamplerCounters& before = burnin_counters_;
  after.steps -= before.steps;
  after.mh_proposals -= before.mh_proposals;
  after.mh_accepts -= before.mh_accepts;
  after.divergences -= before.divergences;
  after.adaptation_divergences -= before.adaptation_divergences;
  after.accept_prob_sum -= before.accept_prob_sum;
  // Setting tallies come out as 0 here; the summary reads them from counters().
  for (std::size_t c = 0; c < kMaxChannels; ++c) {
    after.channels[c].sum -= before.channels[c].sum;
    after.channels[c].count -= before.channels[c].count;
  }
  return after;
}

const std::vector<ChannelDescriptor>& Chain::channels() const {
  return find_sampler_info(sampler_id_)->traits.channels;
}

double Chain::algorithm_seconds() const {
  return std::max(0.0, wall_seconds_ - sampler_->counters().diagnostic_seconds);
}

void Chain::set_params(const ParamValues& params) {
  const SamplerInfo& info = *find_sampler_info(sampler_id_);
  const bool data_target = target_->as_data_target() != nullptr;
  validate_params(params, info.params, sampler_id_, data_target);
  // Samplers check combinations (e.g. C ≥ B̂) before changing any field, so a rejected change
  // leaves the chain as it was.
  sampler_->set_params(sampler_defaults(sampler_id_, *target_, params, info.params));
  params_ = params;
  history_.push_back({sampler_->counters().steps, params});
  divergences_at_change_.push_back(sampler_->counters().divergences);
  settings_start_step_ = sampler_->counters().steps;
  settings_base_ = sampler_->counters();
}

void Chain::resume(const ParamValues& params) {
  if (!sampler_->stopped()) return set_params(params);
  // Back to the draw where the trouble began: the end of the last stretch that ran well (the
  // last good state before the stop can be far out: the divergence rule only catches jumps).
  const std::uint64_t stop_step = sampler_->counters().steps;
  const std::uint64_t from =
      last_stable_stretch_end(initial_params_, history_, stop_step).value_or(stop_step);
  Vec theta = sampler_->position();
  for (std::size_t i = draws_.size(); i-- > 0;) {
    if (draws_.iteration(i) > from) continue;
    for (int d = 0; d < theta.size(); ++d) theta[d] = draws_.theta(i, d);
    break;
  }
  ParamChange change{stop_step, params, true, from, {theta.data(), theta.data() + theta.size()}};
  resume_from(change);
}

void Chain::resume_from(const ParamChange& change) {
  // The divergences since the change that began the trouble go with its draws: Metrics kept
  // "diverg. 1" beside a chain that Ctrl+Z had set going again without them (newcomer run 11).
  std::uint64_t dropped_divergences = 0;
  for (std::size_t i = 0; i < history_.size() && i < divergences_at_change_.size(); ++i)
    if (history_[i].step >= change.resume_from) {
      dropped_divergences = sampler_->counters().divergences - divergences_at_change_[i];
      break;
    }
  set_params(change.params);  // validates first: a refused setting leaves the chain stopped
  forgotten_divergences_ += dropped_divergences;
  history_.back() = change;
  draws_.drop_after(change.resume_from);
  // A file edited by hand may give a θ of the wrong size: then the last good state.
  const Vec theta = static_cast<int>(change.resume_theta.size()) == target_->dim()
                        ? Vec(Eigen::Map<const Vec>(change.resume_theta.data(), target_->dim()))
                        : Vec(sampler_->position());
  sampler_->resume_at(theta, rng_);
}

std::size_t Chain::revert_params(const ParamValues& before) {
  // The first change after the parameters were last `before`: the draws after it were made
  // under the settings being undone. None found (the history was reset since): forget nothing.
  std::optional<std::uint64_t> undone_from;
  for (std::size_t i = history_.size(); i-- > 0;) {
    const ParamValues& previous = i > 0 ? history_[i - 1].params : initial_params_;
    if (previous == before) {
      undone_from = history_[i].step;
      if (i < divergences_at_change_.size())
        forgotten_divergences_ += sampler_->counters().divergences - divergences_at_change_[i];
      break;
    }
  }
  set_params(before);
  return undone_from ? draws_.drop_after(*undone_from) : 0;
}

SamplerCounters Chain::settings_counters() const {
  SamplerCounters since = sampler_->counters();
  const SamplerCounters& base = settings_base_;
  since.steps -= base.steps;
  since.mh_proposals -= base.mh_proposals;
  since.mh_accepts -= base.mh_accepts;
  since.accept_prob_sum -= base.accept_prob_sum;
  since.divergences -= base.divergences;
  since.adaptation_divergences -= base.adaptation_divergences;
  since.gradient_evaluations -= base.gradient_evaluations;
  since.density_evaluations -= base.density_evaluations;
  for (std::size_t c = 0; c < kMaxChannels; ++c) {
    since.channels[c].sum -= base.channels[c].sum;
    since.channels[c].count -= base.channels[c].count;
  }
  since.diagnostic_seconds -= base.diagnostic_seconds;
  return since;
}

ParamValues Chain::full_params() const {
  return sampler_defaults(sampler_id_, *target_, params_, find_sampler_info(sampler_id_)->params);
}

void Chain::reset() {
  rng_ = Rng(seed_);
  draws_.clear();
  burnin_done_ = false;
  burnin_counters_ = SamplerCounters{};
  wall_seconds_ = 0.0;
  history_.clear();
  divergences_at_change_.clear();
  forgotten_divergences_ = 0;
  settings_start_step_ = 0;
  settings_base_ = SamplerCounters{};
  initial_params_ = params_;
  sampler_->reset(init_, rng_);
}

}  // namespace sgl
