#include "core/io/decimal_number.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace sgl {
namespace {

static_assert(std::endian::native == std::endian::little, "the digit words assume it");

constexpr std::uint64_t kZeros = 0x3030303030303030;  // eight '0' characters

// The per-character helpers are forced inline: called through references from a separate
// function they kept the parser's state in memory (a third of the parse time).
[[gnu::always_inline]] inline std::uint64_t load_word(const char* at) {
  std::uint64_t word = 0;
  std::memcpy(&word, at, sizeof word);
  return word;
}

// How many of the word's bytes, from its first (lowest), are ASCII digits before the first one
// that is not. With t = word − '0'·8, a digit byte is t < 10: t + 0x76 then stays below 0x80,
// while any other byte gets its top bit from the sum or from t itself. A borrow or carry only
// runs to higher bytes, so the bytes before the first non-digit are exact.
[[gnu::always_inline]] inline int leading_digits(std::uint64_t word) {
  const std::uint64_t t = word - kZeros;
  const std::uint64_t not_digit = ((t + 0x7676767676767676) | t) & 0x8080808080808080;
  return not_digit == 0 ? 8 : std::countr_zero(not_digit) / 8;
}

// The value of the first `count` (1 to 8) digits of the word, as an integer: they are shifted to
// the top so that the bytes below read as leading zeros, then combined pairwise by three
// multiplications (Lemire's eight-digit parse, as in fast_float).
[[gnu::always_inline]] inline std::uint64_t digits_value(std::uint64_t word, int count) {
  std::uint64_t t = (word - kZeros) << (8 * (8 - count));
  t = t * 10 + (t >> 8);
  constexpr std::uint64_t kMask = 0x000000FF000000FF;
  constexpr std::uint64_t kMul1 = 100 + (1000000ULL << 32);
  constexpr std::uint64_t kMul2 = 1 + (10000ULL << 32);
  return (((t & kMask) * kMul1) + (((t >> 16) & kMask) * kMul2)) >> 32;
}

constexpr std::uint64_t kPowersOfTenInt[] = {1,      10,      100,      1000,     10000,
                                             100000, 1000000, 10000000, 100000000};

// Appends a run of digits to `mantissa`, eight at a time; `digits` counts them. False when the
// run would pass 19 digits (which could overflow 64 bits: from_chars then decides).
[[gnu::always_inline]] inline bool read_digits(const char*& at, const char* end,
                                               std::uint64_t& mantissa, int& digits) {
  while (true) {
    const std::uint64_t word = load_word(at);
    const int count = std::min<int>(leading_digits(word), int(end - at));
    if (count == 0) return true;
    if (digits + count > 19) return false;
    mantissa = mantissa * kPowersOfTenInt[count] + digits_value(word, count);
    digits += count;
    at += count;
    if (count < 8) return true;
  }
}

// A decimal number as CSV files write them ("-0.1234567", "3", "1.5e-3") with at most 19
// significant digits, starting at `at`. Returns the end of the number and sets `value`, or null
// when the fast path does not apply (the caller then asks std::from_chars). Clinger's fast path:
// when the digits form an integer m ≤ 2⁵³ and the power of ten is within ±22, m and 10^|e| are
// exact doubles and one multiplication or division rounds correctly, so the result is exactly
// from_chars's.
const char* parse_short_decimal(const char* at, const char* end, double& value) {
  static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const bool negative = at != end && *at == '-';
  if (negative) ++at;
  // Every digit goes into the mantissa (leading zeros add nothing but are counted).
  std::uint64_t mantissa = 0;
  int digits = 0, exponent = 0;
  if (!read_digits(at, end, mantissa, digits)) return nullptr;
  if (at != end && *at == '.') {
    const char* const fraction = ++at;
    if (!read_digits(at, end, mantissa, digits)) return nullptr;
    exponent = -static_cast<int>(at - fraction);
  }
  if (digits == 0) return nullptr;
  if (at != end && (*at == 'e' || *at == 'E')) {
    ++at;
    const bool negative_exponent = at != end && *at == '-';
    if (at != end && (*at == '-' || *at == '+')) ++at;
    if (at == end || *at < '0' || *at > '9') return nullptr;
    int written = 0;
    for (; at != end && *at >= '0' && *at <= '9'; ++at)
      if (written < 10000) written = written * 10 + (*at - '0');
    exponent += negative_exponent ? -written : written;
  }
  if (mantissa > (std::uint64_t{1} << 53)) return nullptr;
  if (mantissa == 0) {
    value = negative ? -0.0 : 0.0;
  } else if (exponent >= -22 && exponent <= 22) {
    const double m = double(mantissa);
    value = exponent < 0 ? m / kPowersOfTen[-exponent] : m * kPowersOfTen[exponent];
    if (negative) value = -value;
  } else {
    return nullptr;
  }
  return at;
}

}  // namespace

bool parse_plain_numbers(std::string_view line, std::size_t count, double* values) {
  const char* at = line.data();
  const char* const end = at + line.size();
  for (std::size_t c = 0; c < count; ++c) {
    while (at != end && (*at == ' ' || *at == '\t')) ++at;
    if (const char* next = parse_short_decimal(at, end, values[c])) {
      at = next;
    } else {
      const auto [parsed_end, error] = std::from_chars(at, end, values[c]);
      if (error != std::errc() || parsed_end == at || !std::isfinite(values[c])) return false;
      at = parsed_end;
    }
    while (at != end && (*at == ' ' || *at == '\t')) ++at;
    if (c + 1 == count) return at == end;
    if (at == end || *at != ',') return false;
    ++at;
  }
  return false;
}

bool parse_number(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return false;
  // Out of range: from_chars leaves `value` alone; strtod gives ±inf on overflow and the nearest
  // subnormal or zero on underflow.
  if (error == std::errc::result_out_of_range)
    value = std::strtod(std::string(text).c_str(), nullptr);
  else if (error != std::errc())
    return false;
  return true;
}

}  // namespace sgl
