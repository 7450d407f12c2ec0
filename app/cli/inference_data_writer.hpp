// draws.nc: a run's draws as ArviZ's InferenceData (the schema `arviz.from_netcdf` reads: a
// netCDF-4 file with one group per InferenceData group), one file per sampler, because ArviZ's
// diagnostics (R-hat, ESS) take the chains of one posterior group as one method's chains:
//   posterior      one float64 variable per coordinate, dims (chain, draw)
//   sample_stats   lp = −U, diverging (bool), acceptance_rate (samplers with an MH step: 1 or 0
//                  per draw), energy = H (samplers with momentum), step_size and n_steps (from
//                  the parameters, or per draw for NUTS, with tree_depth), the sampler's other
//                  per-draw channels under their ids (loglik_variance, sign, ...), each over
//                  (chain, draw), and its rates (HMC-ECS's accept_rate_subsample, EWSG's
//                  index_accept_rate, ...) over (chain)
//   observed_data  regressions only: the response (its column name, y for synthetic data) over
//                  (<name>_dim_0)
// Every group, and the file, carries created_at, inference_library = "sgmcmc-lab" and
// inference_library_version, as ArviZ writes them. Chains that stopped early are padded with NaN
// (float) or −1 (_FillValue of the integer stats). docs/file-formats.md has the details.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/run/session.hpp"

namespace sgl {

// The file name of each sampler's InferenceData: "draws.nc" when the run has one sampler, else
// "draws-<label>.nc" (label from sampler_labels, lower-cased, '#' and other symbols as '-').
std::vector<std::string> inference_data_file_names(const Session& session);

// Writes one file per sampler with draws, at stage(name) for each name above; returns the names
// written (a sampler without draws is left out, with a note on stderr). Throws UserError.
std::vector<std::string> write_inference_data(
    const Session& session, const std::string& version,
    const std::function<std::string(const std::string&)>& stage);

}  // namespace sgl
