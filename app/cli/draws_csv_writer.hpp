// draws.csv: one row per recorded draw of every chain, chains in session order.
//   sampler,chain,iter,<coordinate names...>,potential,hamiltonian,accepted,divergent[,<channels>]
// then one column per PerDraw info channel with a csv_column that some sampler in the run
// declares (sampler_channels.hpp; today `sign`, signed HMC-ECS's s = ±1), in order of first
// declaration; rows of samplers without it get the channel's csv_absent value (1 for `sign`).
// `sampler` is the label from sampler_labels(), `chain` the 0-based chain index within that
// sampler, `iter` the 1-based step index (burn-in included). Numbers carry 17 significant digits
// so that re-reading them is exact and output is byte-identical across runs; non-finite values
// are written NaN, Inf, -Inf (read natively by pandas and R). Flags are 0/1.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/run/session.hpp"

namespace sgl {

// Throws UserError if the file cannot be written completely.
void write_draws_csv(const Session& session, const std::string& path);

// The same format for any set of chains (the GUI's File → Export → Draws CSV): `sampler` is the
// label written in the first column, `chain` the index within that sampler.
struct DrawsCsvChain {
  std::string sampler;
  int chain = 0;
  const DrawStore* draws = nullptr;
  // The sampler's declared info channels (null: none); those with a csv_column become columns.
  const std::vector<ChannelDescriptor>* channels = nullptr;
};
// `on_rows`, when given, is told every few thousand rows how many of the total are written (the
// GUI's progress bar); it may throw to stop the export (the file is closed, never completed).
using DrawsCsvProgress = std::function<void(std::size_t rows_written, std::size_t total_rows)>;
void write_draws_csv(const std::vector<std::string>& coordinate_names,
                     const std::vector<DrawsCsvChain>& chains, const std::string& path,
                     const DrawsCsvProgress& on_rows = {});

// A CSV field, quoted (RFC 4180) when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);

}  // namespace sgl
