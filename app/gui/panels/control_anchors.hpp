// Names of the Controls' widgets that a refusal or an undo is shown under ("chain2/friction"),
// shared by the panel's settings and its status line.
#pragma once

#include <string>

#include "core/util/params.hpp"

namespace sgl {

inline std::string chain_anchor(int chain_id, const std::string& control) {
  return "chain" + std::to_string(chain_id) + "/" + control;
}

// The first parameter whose value differs (the one a widget just changed).
inline std::string changed_param(const ParamValues& before, const ParamValues& after) {
  for (const auto& [name, value] : after) {
    const auto it = before.find(name);
    if (it == before.end() || it->second != value) return name;
  }
  return {};
}

}  // namespace sgl
