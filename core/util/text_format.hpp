// Text that goes into messages and files: user input quoted safely (bounded, valid UTF-8, no
// control bytes), numbers that read back exactly, and byte counts in B/KB/MB/GB/TB/PB.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sgl {

// Strict UTF-8: no overlong forms, no surrogates (ED A0 80 …), nothing above U+10FFFF.
bool is_valid_utf8(std::string_view text);

// Why `name` cannot be a column or label written into CSV headers and SVG/XML text, or "" if it
// can: a NUL or other control byte, invalid UTF-8, or a noncharacter (U+FFFE, U+FFFF, ...).
std::string text_name_problem(std::string_view name);

// The text for a one-line message: valid UTF-8 characters as they are, control characters and
// bytes that are not UTF-8 as \xNN.
std::string escape_for_message(std::string_view text);

// escape_for_message() of at most the first `max_chars` characters, with "…" when cut, so that a
// 1 MB field never ends up in an error message.
std::string excerpt(std::string_view text, std::size_t max_chars = 80);

// The shortest decimal that reads back as exactly `value` (10.0000001, not 10; 1e-05).
std::string exact_number(double value);

// "about 40 s left", "about 3 min left", "about 2 h left" for a job `progress` (0..1) done after
// `elapsed_seconds` at a steady pace; "" before there is a pace to go by (under 2 s or 2 %).
std::string time_left_text(double elapsed_seconds, double progress);

// "1.5 GB", "820 MB", "12 B" (B, KB, MB, GB, TB, PB; decimal units) or "more than 1000 PB".
std::string byte_size(double bytes);

// "about " + byte_size(bytes), or "more than 1000 PB".
std::string approximate_bytes(double bytes);

// "10⁵", "10⁻³": a power of ten with superscript digits, which a wrapped line never splits (the
// "10^5" it replaces read as code and could break at the caret).
std::string power_of_ten(int exponent);

}  // namespace sgl
