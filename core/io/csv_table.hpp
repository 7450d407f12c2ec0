// Reading numeric CSV files (regression data) with errors that name file, line and column.
// Format: a header row of names, then one row of numbers per line, comma-separated. Accepts
// \r\n line endings, blank lines, spaces around fields and double quotes around a field.
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

// Throws UserError (one line, with file, line and column where they apply) for a missing or
// empty file, a duplicate or empty header name, a ragged row, a field that is not a number,
// a non-finite number, a file without data rows, or a size limit exceeded (input_limits.hpp:
// line length, columns, cells, file size; checked while streaming, before memory grows).
CsvTable read_numeric_csv(const std::string& path);

// The same from an open stream; `path` only names it in messages (the fuzz tests use this).
CsvTable read_numeric_csv(std::istream& in, const std::string& path);

}  // namespace sgl
