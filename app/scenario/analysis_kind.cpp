#include "app/scenario/analysis_kind.hpp"

#include <array>
#include <utility>

namespace sgl {
namespace {

constexpr std::array<std::pair<AnalysisKind, const char*>, 6> kNames = {{
    {AnalysisKind::None, "none"},
    {AnalysisKind::Distance, "distance"},
    {AnalysisKind::Energy, "energy"},
    {AnalysisKind::Sweep, "sweep"},
    {AnalysisKind::EnsembleKl, "ensemble-kl"},
    {AnalysisKind::Reference, "reference"},
}};

}  // namespace

const char* analysis_kind_name(AnalysisKind kind) {
  for (const auto& [entry, name] : kNames)
    if (entry == kind) return name;
  return "none";
}

std::optional<AnalysisKind> analysis_kind_from_name(const std::string& name) {
  for (const auto& [entry, entry_name] : kNames)
    if (name == entry_name) return entry;
  return std::nullopt;
}

std::string analysis_kind_names() {
  std::string names;
  for (const auto& [entry, name] : kNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

}  // namespace sgl
