#include "app/cli/draw_formats.hpp"

#include <sstream>

#include "app/cli/draws_csv_writer.hpp"
#include "app/cli/inference_data_writer.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"
#include "sgl_version.hpp"

namespace sgl {

DrawFormats parse_draw_formats(const std::string& text) {
  DrawFormats formats{.csv = false, .netcdf = false};
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    if (item == "csv") {
      formats.csv = true;
    } else if (item == "netcdf") {
      formats.netcdf = true;
    } else {
      throw UserError("--format: unknown format '" + excerpt(item) +
                      "' (known: csv, netcdf; e.g. --format csv,netcdf)");
    }
  }
  if (!formats.csv && !formats.netcdf)
    throw UserError("--format expects csv, netcdf or csv,netcdf");
  return formats;
}

std::vector<std::string> write_draw_files(
    const Session& session, const DrawFormats& formats,
    const std::function<std::string(const std::string&)>& stage) {
  std::vector<std::string> written;
  if (formats.csv) {
    write_draws_csv(session, stage("draws.csv"));
    written.push_back("draws.csv");
  }
  if (formats.netcdf)
    for (const std::string& name : write_inference_data(session, kVersion, stage))
      written.push_back(name);
  return written;
}

}  // namespace sgl
