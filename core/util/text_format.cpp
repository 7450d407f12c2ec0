#include "core/util/text_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace sgl {
namespace {

// Length of the valid UTF-8 sequence at text[at], its code point in *code; 0 if invalid.
std::size_t utf8_sequence(std::string_view text, std::size_t at, std::uint32_t* code) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  std::uint32_t value = 0;
  if (lead < 0x80) {
    *code = lead;
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    value = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    value = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i) & 0x3F);
  }
  const bool overlong = (length == 3 && value < 0x800) || (length == 4 && value < 0x10000);
  const bool surrogate = value >= 0xD800 && value <= 0xDFFF;
  if (overlong || surrogate || value > 0x10FFFF) return 0;
  *code = value;
  return length;
}

bool is_noncharacter(std::uint32_t code) {
  return (code >= 0xFDD0 && code <= 0xFDEF) || (code & 0xFFFE) == 0xFFFE;
}

void append_escaped_byte(std::string& out, unsigned char byte) {
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
  out += escaped;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::uint32_t code = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence(text, at, &code);
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::string text_name_problem(std::string_view name) {
  std::uint32_t code = 0;
  for (std::size_t at = 0; at < name.size();) {
    const std::size_t length = utf8_sequence(name, at, &code);
    if (length == 0) return "is not valid UTF-8 text";
    if (code == 0) return "holds a NUL byte";
    if (code < 0x20 || code == 0x7F) return "holds a control character";
    if (is_noncharacter(code)) return "holds a Unicode noncharacter";
    at += length;
  }
  return "";
}

std::string escape_for_message(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::uint32_t code = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence(text, at, &code);
    if (length == 0 || code < 0x20 || code == 0x7F || is_noncharacter(code)) {
      for (std::size_t i = 0; i < std::max<std::size_t>(length, 1); ++i)
        append_escaped_byte(out, static_cast<unsigned char>(text[at + i]));
      at += std::max<std::size_t>(length, 1);
      continue;
    }
    out.append(text.substr(at, length));
    at += length;
  }
  return out;
}

std::string excerpt(std::string_view text, std::size_t max_chars) {
  std::uint32_t code = 0;
  std::size_t at = 0;
  for (std::size_t chars = 0; at < text.size() && chars < max_chars; ++chars)
    at += std::max<std::size_t>(utf8_sequence(text, at, &code), 1);
  std::string out = escape_for_message(text.substr(0, at));
  if (at < text.size()) out += "…";
  return out;
}

std::string exact_number(double value) {
  char text[64];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

std::string byte_size(double bytes) {
  static const char* const kUnits[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  if (!(bytes < 999.5e15)) return "more than 1000 PB";
  int unit = 0;
  double scaled = std::max(bytes, 0.0);
  while (unit < 5 && scaled >= 999.5) {
    scaled /= 1000.0;
    ++unit;
  }
  char text[48];
  std::snprintf(text, sizeof text, "%.*f %s", scaled < 9.95 && unit > 0 ? 1 : 0, scaled,
                kUnits[unit]);
  return text;
}

std::string approximate_bytes(double bytes) {
  return bytes < 999.5e15 ? "about " + byte_size(bytes) : byte_size(bytes);
}

std::string power_of_ten(int exponent) {
  static const char* const kSuperscripts[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string text = "10";
  if (exponent < 0) text += "⁻";
  for (char digit : std::to_string(exponent < 0 ? -static_cast<long>(exponent) : exponent))
    text += kSuperscripts[digit - '0'];
  return text;
}

std::string time_left_text(double elapsed_seconds, double progress) {
  if (!(elapsed_seconds >= 2.0) || !(progress >= 0.02) || !(progress < 1.0)) return {};
  const double left = elapsed_seconds * (1.0 - progress) / progress;
  if (!std::isfinite(left)) return {};
  char text[48];
  if (left < 60.0) {
    // Nearest 5 s: a count of single seconds jitters as the pace changes.
    std::snprintf(text, sizeof text, "about %.0f s left",
                  std::max(5.0, 5.0 * std::round(left / 5.0)));
  } else if (left < 3600.0) {
    std::snprintf(text, sizeof text, "about %.0f min left", std::round(left / 60.0));
  } else {
    std::snprintf(text, sizeof text, "about %.0f h left", std::round(left / 3600.0));
  }
  return text;
}

}  // namespace sgl
