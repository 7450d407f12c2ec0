// summary.json: the run's settings and one entry per sampler of the run (pooled over its chains).
// Field by field documentation is in README.md ("Output files"). JSON has no NaN or infinity, so
// non-finite numbers are written as null. Keys keep a reading order (ordered_json), not A–Z.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

namespace sgl {

// `summaries` are in the order of session.spec().chains (as summarize() returns them).
nlohmann::ordered_json summary_json(const Session& session,
                                    const std::vector<SamplerSummary>& summaries);

// Throws UserError if the file cannot be written completely.
void write_summary_json(const nlohmann::ordered_json& summary, const std::string& path);

}  // namespace sgl
