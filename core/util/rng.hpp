// Deterministic random numbers for every sampler.
//
// We use our own generator (xoshiro256++) and our own normal sampler (Doornik's ZIGNOR ziggurat)
// instead of <random>'s distributions, whose algorithms differ between standard libraries: the
// same seed must give the same draws on every platform, in the GUI and in the CLI.
#pragma once

#include <array>
#include <cstdint>

namespace sgl {

// SplitMix64: used to expand one 64-bit seed into generator state and to derive per-chain seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// Derives an independent seed for stream `stream` (e.g. a chain index) from a user seed.
std::uint64_t derive_seed(std::uint64_t user_seed, std::uint64_t stream);

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  // xoshiro256++ (Blackman & Vigna 2019).
  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[0] + s_[3], 23) + s_[0];
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform on the open interval (0, 1): safe to take the log of.
  double uniform_open() { return (static_cast<double>(next_u64() >> 11) + 0.5) * 0x1.0p-53; }

  // Uniform on [0, 1).
  double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  // Uniform integer in [0, n), unbiased (Lemire 2019).
  std::uint64_t uniform_index(std::uint64_t n);

  // Standard normal N(0, 1) by the ziggurat; inline fast path, rare slow path out of line.
  double normal() {
    const std::uint64_t bits = next_u64();
    const unsigned layer = static_cast<unsigned>(bits & 0x7F);
    const double u = 2.0 * (static_cast<double>(bits >> 11) * 0x1.0p-53) - 1.0;
    if (u > -kZigRatio[layer] && u < kZigRatio[layer]) return u * kZigX[layer];
    return normal_slow(layer, u);
  }

  // Poisson(mean) by inversion for small means (used by the block-Poisson estimator).
  int poisson(double mean);

  std::array<std::uint64_t, 4> state() const { return s_; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  double normal_slow(unsigned layer, double u);

  static const std::array<double, 129> kZigX;
  static const std::array<double, 128> kZigRatio;

  std::array<std::uint64_t, 4> s_{};
};

}  // namespace sgl
