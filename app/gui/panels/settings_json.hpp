// Reading and writing a panel's settings in the session JSON (Panel::save_settings): a value is
// written only when it differs from the default, so an untouched panel adds nothing to the file;
// a value is read only when it has the right type (and, for numbers, is clamped to its range),
// else the default stays: a session from a newer version, or edited by hand, still opens.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

namespace sgl::settings_json {

using json = nlohmann::ordered_json;

template <typename T>
void write(json& out, const char* key, const T& value, const T& fallback) {
  if (value != fallback) out[key] = value;
}

inline void read(const json& saved, const char* key, bool& value) {
  const auto found = saved.find(key);
  if (found != saved.end() && found->is_boolean()) value = found->get<bool>();
}

inline void read(const json& saved, const char* key, int& value, int lowest, int highest) {
  const auto found = saved.find(key);
  if (found != saved.end() && found->is_number_integer())
    value = static_cast<int>(std::clamp<long long>(found->get<long long>(), lowest, highest));
}

inline void read(const json& saved, const char* key, std::string& value) {
  const auto found = saved.find(key);
  if (found != saved.end() && found->is_string()) value = found->get<std::string>();
}

}  // namespace sgl::settings_json
