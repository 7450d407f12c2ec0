// The draws a chain keeps: position, momentum, exact potential U, Hamiltonian H, and flags, for
// every `thin`-th step after `burnin`. Flat arrays so that 10⁶ draws stay cheap to append and scan.
// It is the DrawSink the chain's sampler records into (core/samplers/draw_sink.hpp).
//
// Samplers that declare PerDraw channels (sampler_channels.hpp: HMC-ECS's σ̂², signed HMC-ECS's
// sign s = sign(L̂) and Var log|L̂|, ...) hand their values with each draw; they are kept per draw
// in declaration order. That array is allocated only once a draw carries values, so other
// samplers pay nothing. What a value means is the declaration's business, not the store's.
//
// With capacity 0 the store keeps everything (the CLI). With a capacity it is a ring buffer that
// keeps the newest `capacity` draws, so a live session's memory stays bounded however long it
// runs; index 0 is then the oldest draw still held. The ring grows (doubling) as draws arrive
// rather than all at once: a window with many short-lived chains pays for what they hold.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/samplers/draw_sink.hpp"

namespace sgl {

class DrawStore final : public DrawSink {
 public:
  DrawStore(int dim = 1, std::uint64_t burnin = 0, std::uint64_t thin = 1, std::size_t capacity = 0)
      : DrawSink(burnin, thin), dim_(dim), capacity_(capacity) {}

  void record(const RecordedDraw& draw) override {
    append(draw.step, draw.theta, draw.momentum, draw.potential, draw.hamiltonian, draw.accepted,
           draw.divergent, draw.channel_values, draw.channel_count);
  }

  void append(std::uint64_t step, const double* theta, const double* momentum, double potential,
              double hamiltonian, bool accepted, bool divergent,
              const double* channel_values = nullptr, int channel_count = 0) {
    if (channel_count > 0 && channel_count_ == 0) {
      // The first draw with channel values fixes how many each draw holds (one sampler per
      // store: the count never changes).
      channel_count_ = channel_count;
      allocate_channels(iteration_.size());
    }
    std::size_t slot;
    if (capacity_ == 0) {
      slot = size_;
      if (slot == iteration_.size()) allocate(slot < 1024 ? 1024 : 2 * slot);
      ++size_;
    } else {
      slot = next_slot_;
      // Until the first wrap, slots fill from 0 upwards, so growing keeps every slot valid; the
      // ring wraps only once it holds its whole capacity.
      if (slot == iteration_.size()) allocate(std::min(capacity_, slot < 1024 ? 1024 : 2 * slot));
      if (++next_slot_ == capacity_) next_slot_ = 0;
      if (size_ < capacity_) {
        ++size_;
      } else {
        head_ = next_slot_;  // the oldest draw was just overwritten
      }
    }
    ++appended_;
    iteration_[slot] = step;
    double* theta_out = &theta_[slot * static_cast<std::size_t>(dim_)];
    double* momentum_out = &momentum_[slot * static_cast<std::size_t>(dim_)];
    for (int i = 0; i < dim_; ++i) {
      theta_out[i] = theta[i];
      momentum_out[i] = momentum[i];
    }
    potential_[slot] = potential;
    hamiltonian_[slot] = hamiltonian;
    accepted_[slot] = accepted ? 1 : 0;
    divergent_[slot] = divergent ? 1 : 0;
    if (channel_count_ > 0) {
      double* values_out = &channel_values_[slot * static_cast<std::size_t>(channel_count_)];
      for (int c = 0; c < channel_count_; ++c)
        values_out[c] =
            c < channel_count ? channel_values[c] : std::numeric_limits<double>::quiet_NaN();
    }
  }

  // Pre-allocates room for this many draws (unbounded stores only).
  void reserve(std::size_t draws) {
    if (capacity_ == 0 && draws > iteration_.size()) allocate(draws);
  }

  void clear() {
    size_ = 0;
    head_ = 0;
    next_slot_ = 0;
    appended_ = 0;
  }

  // Forgets the oldest draws up to and including step `step` ("forget draws before this
  // change"); appended() still counts them, as it counts draws a ring buffer dropped.
  void drop_through(std::uint64_t step) {
    std::size_t first_kept = 0;
    while (first_kept < size_ && iteration(first_kept) <= step) ++first_kept;
    if (first_kept == 0) return;
    if (capacity_ > 0) {
      head_ = slot(first_kept);
      size_ -= first_kept;
      if (size_ == 0) head_ = next_slot_;
      return;
    }
    // Unbounded stores (the CLI's) keep index = slot: move the kept draws to the front.
    const auto shift = [&](auto& values, std::size_t per_draw) {
      std::copy(values.begin() + std::ptrdiff_t(first_kept * per_draw),
                values.begin() + std::ptrdiff_t(size_ * per_draw), values.begin());
    };
    const auto width = static_cast<std::size_t>(dim_);
    shift(iteration_, 1);
    shift(theta_, width);
    shift(momentum_, width);
    shift(potential_, 1);
    shift(hamiltonian_, 1);
    shift(accepted_, 1);
    shift(divergent_, 1);
    if (channel_count_ > 0) shift(channel_values_, static_cast<std::size_t>(channel_count_));
    size_ -= first_kept;
  }

  // Forgets the newest draws, those after step `step` (undoing a change forgets the draws made
  // under it). Unlike drop_through, appended() no longer counts them: they were taken back, not
  // pushed out, so a reader that counts appended draws must restart (LiveChainStats does).
  // Returns how many draws were forgotten.
  std::size_t drop_after(std::uint64_t step) {
    std::size_t kept = size_;
    while (kept > 0 && iteration(kept - 1) > step) --kept;
    const std::size_t dropped = size_ - kept;
    if (dropped == 0) return 0;
    if (capacity_ > 0) next_slot_ = (next_slot_ + capacity_ - dropped) % capacity_;
    size_ = kept;
    appended_ -= dropped;
    return dropped;
  }

  // Bytes the arrays hold now (what the draws cost in memory, for the memory tests and bench).
  std::size_t allocated_bytes() const {
    return iteration_.capacity() * sizeof(std::uint64_t) +
           (theta_.capacity() + momentum_.capacity() + potential_.capacity() +
            hamiltonian_.capacity() + channel_values_.capacity()) *
               sizeof(double) +
           accepted_.capacity() + divergent_.capacity();
  }

  int dim() const { return dim_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  // Draws appended since the last clear, including those a ring buffer has dropped.
  std::uint64_t appended() const { return appended_; }

  std::uint64_t iteration(std::size_t i) const { return iteration_[slot(i)]; }
  double theta(std::size_t i, int coord) const {
    return theta_[slot(i) * std::size_t(dim_) + std::size_t(coord)];
  }
  double momentum(std::size_t i, int coord) const {
    return momentum_[slot(i) * std::size_t(dim_) + std::size_t(coord)];
  }
  double potential(std::size_t i) const { return potential_[slot(i)]; }
  double hamiltonian(std::size_t i) const { return hamiltonian_[slot(i)]; }
  bool accepted(std::size_t i) const { return accepted_[slot(i)] != 0; }
  bool divergent(std::size_t i) const { return divergent_[slot(i)] != 0; }
  // How many channel values each draw holds (0 until a draw carried some).
  int channel_count() const { return channel_count_; }
  // Value `c` of the sampler's PerDraw channels recorded with draw i (NaN when none was).
  double channel(std::size_t i, int c) const {
    return c >= 0 && c < channel_count_
               ? channel_values_[slot(i) * static_cast<std::size_t>(channel_count_) +
                                 static_cast<std::size_t>(c)]
               : std::numeric_limits<double>::quiet_NaN();
  }

  // One coordinate as a contiguous series, oldest first (for ESS, ACF, histograms).
  std::vector<double> coordinate(int coord) const {
    std::vector<double> series(size_);
    for (std::size_t i = 0; i < size_; ++i) series[i] = theta(i, coord);
    return series;
  }
  std::vector<double> hamiltonians() const {
    std::vector<double> series(size_);
    for (std::size_t i = 0; i < size_; ++i) series[i] = hamiltonian(i);
    return series;
  }

 private:
  std::size_t slot(std::size_t i) const {
    if (capacity_ == 0) return i;
    const std::size_t wrapped = head_ + i;
    return wrapped >= capacity_ ? wrapped - capacity_ : wrapped;
  }

  // reserve() first: resize() alone may round the allocation up (libstdc++ doubles it), and a
  // ring's last growth would then hold far more than its capacity.
  template <typename Value>
  static void resize_exactly(std::vector<Value>& values, std::size_t size, Value fill = Value{}) {
    values.reserve(size);
    values.resize(size, fill);
  }

  void allocate(std::size_t draws) {
    const auto width = static_cast<std::size_t>(dim_);
    resize_exactly(iteration_, draws);
    resize_exactly(theta_, draws * width);
    resize_exactly(momentum_, draws * width);
    resize_exactly(potential_, draws);
    resize_exactly(hamiltonian_, draws);
    resize_exactly(accepted_, draws);
    resize_exactly(divergent_, draws);
    if (channel_count_ > 0) allocate_channels(draws);
  }

  void allocate_channels(std::size_t draws) {
    resize_exactly(channel_values_, draws * static_cast<std::size_t>(channel_count_),
                   std::numeric_limits<double>::quiet_NaN());
  }

  int dim_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  std::size_t head_ = 0;       // ring buffer: slot of the oldest draw
  std::size_t next_slot_ = 0;  // ring buffer: slot the next draw goes to
  std::uint64_t appended_ = 0;
  std::vector<std::uint64_t> iteration_;
  std::vector<double> theta_;
  std::vector<double> momentum_;
  std::vector<double> potential_;
  std::vector<double> hamiltonian_;
  std::vector<std::uint8_t> accepted_;
  std::vector<std::uint8_t> divergent_;
  int channel_count_ = 0;
  std::vector<double> channel_values_;  // size × channel_count_
};

}  // namespace sgl
