// A numeric CSV file read whole into a table (csv_rows.hpp reads it row by row): for the tests
// and the fuzz harness, which look at every value and its line.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace sgl {

struct CsvTable {
  std::string path;
  std::vector<std::string> header;
  std::vector<double> values;              // row-major: rows() × columns()
  std::vector<std::int64_t> line_numbers;  // 1-based source line of each data row

  int columns() const { return static_cast<int>(header.size()); }
  std::int64_t rows() const { return static_cast<std::int64_t>(line_numbers.size()); }
  double at(std::int64_t row, int column) const {
    return values[static_cast<std::size_t>(row) * header.size() + column];
  }
  // "data file 'p', line L, column C ('name')" for error messages about one value.
  std::string location(std::int64_t row, int column) const;
};

// Throws UserError as read_numeric_csv_rows does (csv_rows.hpp).
CsvTable read_numeric_csv(const std::string& path);

// The same from an open stream; `path` only names it in messages (the fuzz tests use this).
CsvTable read_numeric_csv(std::istream& in, const std::string& path);

}  // namespace sgl
