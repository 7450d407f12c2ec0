// Parsing the numbers of a CSV field: a fast path for the short decimals that data files hold,
// and the careful whole-field parse that decides everything else.
#pragma once

#include <string_view>

namespace sgl {

// A decimal number as CSV files write them ("-0.1234567", "3", "1.5e-3") with at most 19
// significant digits, starting at `at`. Returns the end of the number and sets `value`, or
// returns null when the fast path does not apply (the caller then asks std::from_chars). Reads
// up to 8 bytes at a time: the 8 bytes after `end` must be readable, and the byte at `end` must
// not be a digit (BoundedLineReader's views guarantee both).
const char* parse_short_decimal(const char* at, const char* end, double& value);

// Parses a whole field as a double (from_chars: locale-independent; a leading '+' is allowed).
// Out of range: ±inf on overflow (the caller reports it as not finite), the nearest subnormal or
// zero on underflow. False when the field is not a number.
bool parse_number(std::string_view text, double& value);

}  // namespace sgl
