// Parsing scenario/session JSON with the input limits (file size, nesting depth) and with every
// parser error turned into a one-line UserError that names the file and position, instead of the
// library's "[json.exception...]" text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace sgl {

// Throws UserError ("<source>: ..."), never a json exception.
nlohmann::ordered_json parse_bounded_json(const std::string& text, const std::string& source);

}  // namespace sgl
