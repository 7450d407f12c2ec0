// Parsing the numbers of a CSV row: a fast path for plain rows of the short decimals that data
// files hold, and the careful whole-field parse that decides everything else.
#pragma once

#include <cstddef>
#include <string_view>

namespace sgl {

// A plain CSV row in one pass: `count` numbers separated by commas, maybe with spaces or tabs
// around them, written to values[0..count). False at anything else (quotes, a '+' sign, a field
// that is not a finite number, a wrong field count, a blank line), which the careful per-field
// path then parses or reports. The 8 bytes after the line must be readable, and its last byte
// must not be followed by a digit (BoundedLineReader's views guarantee both).
bool parse_plain_numbers(std::string_view line, std::size_t count, double* values);

// Parses a whole field as a double (from_chars: locale-independent; a leading '+' is allowed).
// Out of range: ±inf on overflow (the caller reports it as not finite), the nearest subnormal or
// zero on underflow. False when the field is not a number.
bool parse_number(std::string_view text, double& value);

}  // namespace sgl
