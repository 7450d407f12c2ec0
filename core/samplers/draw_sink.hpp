// Where a sampler's recorded draws go: the narrow interface the samplers layer owns, so that
// samplers never include the run layer. The run layer's DrawStore implements it.
//
// Which steps are recorded (`due`) and which burn-in steps are divergence check points
// (`burnin_checkpoint`) are plain inline arithmetic on burn-in and thinning, asked every step;
// only `record` is virtual, and it is called for recorded draws alone, so a sampler's hot loop
// pays no virtual call on the steps it does not keep.
#pragma once

#include <cstdint>

namespace sgl {

// One recorded draw. The pointers are read during the `record` call only.
struct RecordedDraw {
  std::uint64_t step = 0;  // 1-based step index
  const double* theta = nullptr;
  const double* momentum = nullptr;
  double potential = 0.0;  // exact U(θ)
  double hamiltonian = 0.0;
  bool accepted = true;
  bool divergent = false;
  // The values of the sampler's PerDraw channels (sampler_channels.hpp), in declaration order;
  // null / 0 for samplers that declare none.
  const double* channel_values = nullptr;
  int channel_count = 0;
};

class DrawSink {
 public:
  DrawSink(std::uint64_t burnin, std::uint64_t thin)
      : burnin_(burnin), thin_(thin == 0 ? 1 : thin) {}

  // Whether the step with this 1-based index is kept.
  bool due(std::uint64_t step) const {
    return step > burnin_ && (thin_ == 1 || (step - burnin_) % thin_ == 0);
  }

  // Burn-in steps at which samplers without MH check their energy for divergence without
  // recording (see sampler.hpp): at most kBurninCheckpoints evenly spaced steps, the last one
  // being the last burn-in step, so the first recorded draw is compared with a recent state.
  bool burnin_checkpoint(std::uint64_t step) const {
    if (step > burnin_ || burnin_ == 0) return false;
    const std::uint64_t spacing = (burnin_ + kBurninCheckpoints - 1) / kBurninCheckpoints;
    return step == burnin_ || step % spacing == 0;
  }
  // 64: enough that a chain whose energy rises steadily by thousands over the burn-in (a noisy
  // chain settling into a wider stationary state) rises by far less between check points; each
  // costs one exact U, less than 64 recorded draws do.
  static constexpr std::uint64_t kBurninCheckpoints = 64;

  // Subsampling samplers (HMC-ECS) compute the O(n) exact U only for every k-th recorded draw
  // (Sampler::exact_potential_every): the 1st, (k+1)-th, (2k+1)-th, ... draw after burn-in. The
  // others carry NaN for U and H. A consumer that reads every draw's H (an ensemble's mean
  // energy at its checkpoints) asks for it on every draw instead.
  bool exact_potential_due(std::uint64_t step, std::uint64_t every) const {
    if (every <= 1 || exact_potential_on_every_draw_) return true;
    return ((step - burnin_) / thin_ - 1) % every == 0;
  }
  void set_exact_potential_on_every_draw(bool on) { exact_potential_on_every_draw_ = on; }

  // Keeps one draw whose step was due.
  virtual void record(const RecordedDraw& draw) = 0;

  std::uint64_t burnin() const { return burnin_; }
  std::uint64_t thin() const { return thin_; }

 protected:
  // Not deleted through this interface; copyable so stores stay values.
  ~DrawSink() = default;
  DrawSink(const DrawSink&) = default;
  DrawSink& operator=(const DrawSink&) = default;

 private:
  std::uint64_t burnin_;
  std::uint64_t thin_;
  bool exact_potential_on_every_draw_ = false;
};

}  // namespace sgl
