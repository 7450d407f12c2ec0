#include "core/util/vector_math.hpp"

#include <bit>
#include <cstdint>

namespace sgl {

// x = k ln2 + r with |r| ≤ ln2/2, e^r by its Taylor series to r¹² (remainder < 2e−16), and 2^k
// written straight into the exponent bits. No clamp and no special cases, so that it vectorises.
void exp_nonpositive(double* values, int count) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so that k·kLn2Hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kShift = 0x1.8p52;  // adding it rounds to an integer kept in the low bits
  for (int i = 0; i < count; ++i) {
    const double x = values[i];
    const double kd = x * kLog2e + kShift;
    const double k = kd - kShift;
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double poly = 1.0 / 479001600.0;
    poly = poly * r + 1.0 / 39916800.0;
    poly = poly * r + 1.0 / 3628800.0;
    poly = poly * r + 1.0 / 362880.0;
    poly = poly * r + 1.0 / 40320.0;
    poly = poly * r + 1.0 / 5040.0;
    poly = poly * r + 1.0 / 720.0;
    poly = poly * r + 1.0 / 120.0;
    poly = poly * r + 1.0 / 24.0;
    poly = poly * r + 1.0 / 6.0;
    poly = poly * r + 0.5;
    poly = poly * r + 1.0;
    poly = poly * r + 1.0;
    // The low bits of kd hold k; (k + 1023) << 52 is the double 2^k.
    const std::uint64_t scale_bits = (std::bit_cast<std::uint64_t>(kd) + 1023) << 52;
    values[i] = poly * std::bit_cast<double>(scale_bits);
  }
}

// log(1 + x) = 2 atanh(s) with s = x / (2 + x) ∈ [0, 1/3]: 2s (1 + s²/3 + s⁴/5 + …), the
// series to s³⁴ (remainder below 1e−17 of the sum at s = 1/3). s carries x's relative precision
// and the terms after the first add at most 4% to it, so their rounding barely counts.
void log1p_unit(double* values, int count) {
  for (int i = 0; i < count; ++i) {
    const double x = values[i];
    const double s = x / (2.0 + x);
    const double z = s * s;
    double poly = 1.0 / 35.0;
    poly = poly * z + 1.0 / 33.0;
    poly = poly * z + 1.0 / 31.0;
    poly = poly * z + 1.0 / 29.0;
    poly = poly * z + 1.0 / 27.0;
    poly = poly * z + 1.0 / 25.0;
    poly = poly * z + 1.0 / 23.0;
    poly = poly * z + 1.0 / 21.0;
    poly = poly * z + 1.0 / 19.0;
    poly = poly * z + 1.0 / 17.0;
    poly = poly * z + 1.0 / 15.0;
    poly = poly * z + 1.0 / 13.0;
    poly = poly * z + 1.0 / 11.0;
    poly = poly * z + 1.0 / 9.0;
    poly = poly * z + 1.0 / 7.0;
    poly = poly * z + 1.0 / 5.0;
    poly = poly * z + 1.0 / 3.0;
    values[i] = 2.0 * s + 2.0 * s * (poly * z);
  }
}

}  // namespace sgl
