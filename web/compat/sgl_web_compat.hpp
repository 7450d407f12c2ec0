// Force-included (-include) into every source file of the browser build only. Emscripten 3.1.6's
// C++ library (libc++ 14) lacks a few things of C++20 that the code uses and glibc provides;
// rather than bending the desktop code around one old library, the browser build supplies them
// here, each only where the library has not got it. None of these run often in the browser:
// the threads (jthread) cannot start there at all, and the rest parse and print numbers.
#pragma once

#ifdef __cplusplus

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <type_traits>
#include <version>

#include "stop_token"  // std::stop_token and std::jthread (this folder)

namespace std {

#ifndef __cpp_lib_bit_cast
template <class To, class From>
requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> &&
         is_trivially_copyable_v<From>) To bit_cast(const From& from)
noexcept {
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}
#endif

#ifndef __cpp_lib_to_chars
// from_chars for a double: strtod (the browser build has only the "C" locale) fenced to
// from_chars' syntax: no leading space or '+', no hexadecimal prefix; `value` is left alone
// unless a number in range was read.
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  const char* const digits = first != last && *first == '-' ? first + 1 : first;
  if (digits == last || *digits == '+' || *digits == '-' ||
      isspace(static_cast<unsigned char>(*digits)) ||
      (last - digits >= 2 && digits[0] == '0' && (digits[1] | 0x20) == 'x'))
    return {first, errc::invalid_argument};
  const string text(first, last);  // strtod needs the terminating NUL
  char* end = nullptr;
  errno = 0;
  const double parsed = strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, errc::invalid_argument};
  const char* const stop = first + (end - text.c_str());
  if (errno == ERANGE) return {stop, errc::result_out_of_range};
  value = parsed;
  return {stop, errc()};
}

// to_chars for a double, shortest form that reads back exactly (as the standard's).
inline to_chars_result to_chars(char* first, char* last, double value) {
  char text[32];
  int length = 0;
  for (int digits = 1; digits <= 17; ++digits) {
    length = snprintf(text, sizeof text, "%.*g", digits, value);
    if (!isfinite(value) || strtod(text, nullptr) == value) break;
  }
  if (length < 0 || length > last - first) return {last, errc::value_too_large};
  memcpy(first, text, static_cast<size_t>(length));
  return {first + length, errc()};
}

// to_chars for a double in a fixed format with `precision` decimals.
inline to_chars_result to_chars(char* first, char* last, double value, chars_format format,
                                int precision) {
  char text[400];  // %.*f of 1e308 has 309 digits before the point
  const int length = format == chars_format::fixed
                         ? snprintf(text, sizeof text, "%.*f", precision, value)
                         : snprintf(text, sizeof text, "%.*g", precision, value);
  if (length < 0 || length > last - first) return {last, errc::value_too_large};
  memcpy(first, text, static_cast<size_t>(length));
  return {first + length, errc()};
}
#endif

}  // namespace std

#endif  // __cplusplus

// Linux's renameat2 (atomic_output.cpp swaps folders with RENAME_EXCHANGE): the browser's file
// system has not got it, and the code falls back to two renames on ENOSYS.
#ifndef RENAME_EXCHANGE
#include <fcntl.h>
#define RENAME_EXCHANGE (1 << 1)
#ifdef __cplusplus
extern "C" {
#endif
static inline int renameat2(int, const char*, int, const char*, unsigned int) {
  errno = ENOSYS;
  return -1;
}
#ifdef __cplusplus
}
#endif
#endif
