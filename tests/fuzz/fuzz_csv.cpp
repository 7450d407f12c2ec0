// libFuzzer harness: the CSV data reader on arbitrary bytes. Any outcome other than a table or a
// UserError (a crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/io/csv_table.hpp"
#include "core/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const sgl::CsvTable table = sgl::read_numeric_csv(in, "fuzz.csv");
    // Every accessor must agree with the shape it reports.
    if (table.rows() > 0) (void)table.location(table.rows() - 1, table.columns() - 1);
  } catch (const sgl::UserError&) {
  }
  return 0;
}
