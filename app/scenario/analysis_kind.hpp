// What a preset's figure plots, as named in scenario files and analysis.json. One table maps
// the kinds to their names for reading and writing, so code compares enum values, never strings.
#pragma once

#include <optional>
#include <string>

namespace sgl {

enum class AnalysisKind {
  None,
  Distance,    // "distance": TV/KL to the truth per chain
  Energy,      // "energy": ensemble mean H over steps (needs an ensemble)
  Sweep,       // "sweep": covariance error against autocorrelation time per sweep run
  EnsembleKl,  // "ensemble-kl": KL of the cloud to the true Gaussian against data passes
  // "reference": each chain's posterior mean and variance against the `reference` chain's,
  // acceptance, CT = IF × evaluations
  Reference,
};

// The kind's name in files ("none", "distance", "energy", "sweep", "ensemble-kl", "reference").
const char* analysis_kind_name(AnalysisKind kind);

// The kind with this name, or nullopt.
std::optional<AnalysisKind> analysis_kind_from_name(const std::string& name);

// Every name, comma-separated, for messages.
std::string analysis_kind_names();

}  // namespace sgl
