#include "core/util/rng.hpp"

#include <cmath>

namespace sgl {
namespace {

// ZIGNOR constants (Doornik 2005, "An Improved Ziggurat Method to Generate Normal Random
// Samples"): 128 layers, tail start R and common layer area V.
constexpr int kLayers = 128;
constexpr double kTailStart = 3.442619855899;
constexpr double kLayerArea = 9.91256303526217e-3;

std::array<double, kLayers + 1> make_zig_x() {
  std::array<double, kLayers + 1> x{};
  double f = std::exp(-0.5 * kTailStart * kTailStart);
  x[0] = kLayerArea / f;  // the bottom layer includes the tail: V / f(R)
  x[1] = kTailStart;
  x[kLayers] = 0.0;
  for (int i = 2; i < kLayers; ++i) {
    x[i] = std::sqrt(-2.0 * std::log(kLayerArea / x[i - 1] + f));
    f = std::exp(-0.5 * x[i] * x[i]);
  }
  return x;
}

std::array<double, kLayers> make_zig_ratio(const std::array<double, kLayers + 1>& x) {
  std::array<double, kLayers> r{};
  for (int i = 0; i < kLayers; ++i) r[i] = x[i + 1] / x[i];
  return r;
}

}  // namespace

const std::array<double, 129> Rng::kZigX = make_zig_x();
const std::array<double, 128> Rng::kZigRatio = make_zig_ratio(Rng::kZigX);

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t derive_seed(std::uint64_t user_seed, std::uint64_t stream) {
  std::uint64_t state = user_seed ^ (0xD1B54A32D192ED03ULL * (stream + 1));
  splitmix64(state);
  return splitmix64(state);
}

Rng::Rng(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (auto& word : s_) word = splitmix64(state);
}

std::uint64_t Rng::uniform_index(std::uint64_t n) {
  // Lemire's multiply-shift with rejection of the biased low range.
  std::uint64_t x = next_u64();
  __uint128_t m = static_cast<__uint128_t>(x) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      x = next_u64();
      m = static_cast<__uint128_t>(x) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double Rng::normal_slow(unsigned layer, double u) {
  for (;;) {
    if (layer == 0) {
      // Bottom layer: sample the tail beyond R (Marsaglia 1964).
      double x;
      double y;
      do {
        x = std::log(uniform_open()) / kTailStart;
        y = std::log(uniform_open());
      } while (-2.0 * y < x * x);
      return u < 0 ? x - kTailStart : kTailStart - x;
    }
    // Wedge between the rectangle and the curve.
    const double x = u * kZigX[layer];
    const double f0 = std::exp(-0.5 * (kZigX[layer] * kZigX[layer] - x * x));
    const double f1 = std::exp(-0.5 * (kZigX[layer + 1] * kZigX[layer + 1] - x * x));
    if (f1 + uniform() * (f0 - f1) < 1.0) return x;

    // Rejected: draw a fresh layer and abscissa, taking the fast path when it applies.
    const std::uint64_t bits = next_u64();
    layer = static_cast<unsigned>(bits & 0x7F);
    u = 2.0 * (static_cast<double>(bits >> 11) * 0x1.0p-53) - 1.0;
    if (u > -kZigRatio[layer] && u < kZigRatio[layer]) return u * kZigX[layer];
  }
}

int Rng::poisson(double mean) {
  // Inversion by sequential search: exact and adequate for the small means we use (λ ≲ 50).
  const double limit = std::exp(-mean);
  double product = uniform_open();
  int count = 0;
  while (product > limit) {
    product *= uniform_open();
    ++count;
  }
  return count;
}

}  // namespace sgl
