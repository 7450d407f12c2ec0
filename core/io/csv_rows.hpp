// Reading numeric CSV files (regression data) row by row, with errors that name file, line and
// column. Format: a header row of names, then one row of numbers per line, comma-separated.
// Accepts \r\n line endings, blank lines, a UTF-8 byte order mark, spaces around fields and
// double quotes around a field. Each row goes straight to a sink, so that a loader can put the
// values where they end up (a regression's design matrix) with no table in between.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace sgl {

class CsvRowSink {
 public:
  virtual ~CsvRowSink() = default;
  // The header's names (non-empty, clean text, unique), before anything else.
  virtual void header(const std::vector<std::string>& names) = 0;
  // A guess at the number of data rows from the file's size, once before the first row when
  // the size is known: room can be made in one allocation.
  virtual void expect_rows(std::int64_t rows) = 0;
  // One data row: as many finite values as the header has names; `line` is its 1-based line.
  virtual void row(std::int64_t line, const double* values) = 0;
};

// "data file 'p', line L, column C" (column 0: no column) for error messages.
std::string csv_location(const std::string& path, std::int64_t line, int column);

// Throws UserError (one line, with file, line and column where they apply) for a missing or
// empty file, a duplicate or empty header name, a ragged row, a field that is not a number,
// a non-finite number, a file without data rows, or a size limit exceeded (input_limits.hpp:
// line length, columns, cells, file size; checked while streaming, before memory grows). A
// sink may throw UserError too (a value it refuses).
void read_numeric_csv_rows(const std::string& path, CsvRowSink& sink);

// The same from an open stream; `path` only names it in messages (the fuzz tests use this).
void read_numeric_csv_rows(std::istream& in, const std::string& path, CsvRowSink& sink);

}  // namespace sgl
