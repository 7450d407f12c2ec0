// `run --format csv|netcdf|csv,netcdf`: which files hold the draws (summary.json and the figures
// are written either way). csv: draws.csv (draws_csv_writer.hpp); netcdf: draws.nc, ArviZ's
// InferenceData (inference_data_writer.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/run/session.hpp"

namespace sgl {

struct DrawFormats {
  bool csv = true;
  bool netcdf = false;
};

// A comma-separated list of csv and netcdf; throws UserError for anything else.
DrawFormats parse_draw_formats(const std::string& text);

// Writes the session's draws in those formats at stage(name); returns the names written.
std::vector<std::string> write_draw_files(
    const Session& session, const DrawFormats& formats,
    const std::function<std::string(const std::string&)>& stage);

}  // namespace sgl
