#include "core/io/csv_rows.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string_view>

#include "core/io/bounded_line_reader.hpp"
#include "core/io/decimal_number.hpp"
#include "core/io/input_file.hpp"
#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

std::string_view trim(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

// Splits one line on commas; each field is trimmed and loses one pair of surrounding quotes.
void split_fields(std::string_view line, std::vector<std::string_view>& fields) {
  fields.clear();
  std::size_t start = 0;
  while (true) {
    const auto comma = line.find(',', start);
    std::string_view field =
        trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start));
    if (field.size() >= 2 && field.front() == '"' && field.back() == '"')
      field = trim(field.substr(1, field.size() - 2));
    fields.push_back(field);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
}

class CsvReader {
 public:
  CsvReader(std::istream& in, const std::string& path, std::uintmax_t file_bytes, CsvRowSink& sink)
      : in_(in),
        path_(path),
        file_bytes_(file_bytes),
        sink_(sink),
        reader_(in, kMaxCsvLineBytes, kMaxCsvFileBytes) {}

  void run();

 private:
  std::string where(int column) const { return csv_location(path_, reader_.line_number(), column); }
  void read_header(std::string_view line);
  // A row the fast path did not take: parsed field by field, or refused with line and column.
  void read_careful_row(std::string_view line);
  void count_row();
  // Splits a line that is not a plain row, refusing more fields than the column limit.
  void split(std::string_view line);

  std::istream& in_;
  const std::string& path_;
  std::uintmax_t file_bytes_;
  CsvRowSink& sink_;
  BoundedLineReader reader_;
  std::vector<std::string> header_;
  std::vector<std::string_view> fields_;
  std::vector<double> values_;
  std::uint64_t cells_ = 0;
};

void CsvReader::run() {
  std::string_view line;
  while (true) {
    const BoundedLineReader::Result result = reader_.next(line);
    if (result == BoundedLineReader::Result::End) break;
    if (result == BoundedLineReader::Result::LineTooLong)
      throw UserError(where(0) + ": line longer than the limit of " +
                      std::to_string(kMaxCsvLineBytes) + " bytes (is this a CSV text file?)");
    if (result == BoundedLineReader::Result::FileTooLarge)
      throw UserError("data file '" + path_ + "' is larger than the limit of " +
                      std::to_string(kMaxCsvFileBytes >> 30) + " GiB");
    if (header_.empty()) {
      // A UTF-8 byte order mark (Excel's "CSV UTF-8") is not part of the first column's name.
      if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
      if (!trim(line).empty()) read_header(line);
      continue;
    }
    if (trim(line).empty()) continue;
    if (cells_ == 0 && file_bytes_ > 0) {
      // From the first data row's length: the sink can make room once, not regrow hundreds of MB.
      const double rows = double(file_bytes_) / double(line.size() + 1) * 1.1;
      sink_.expect_rows(
          std::int64_t(std::min(rows, double(kMaxCsvCells) / double(values_.size()))));
      file_bytes_ = 0;
    }
    if (parse_plain_numbers(line, values_.size(), values_.data())) {
      count_row();
      sink_.row(reader_.line_number(), values_.data());
    } else {
      read_careful_row(line);
    }
  }
  if (!in_.eof() && in_.bad()) throw UserError("cannot read data file '" + path_ + "'");
  if (header_.empty())
    throw UserError("data file '" + path_ + "' is empty (expected a header row)");
  if (cells_ == 0)
    throw UserError("data file '" + path_ + "' has a header but no data rows (line " +
                    std::to_string(reader_.line_number() + 1) + ")");
}

void CsvReader::split(std::string_view line) {
  // Counting commas first keeps a hostile row from building a huge field list.
  const std::size_t field_count =
      static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1;
  if (field_count > static_cast<std::size_t>(kMaxCsvColumns))
    throw UserError(where(0) + ": " + std::to_string(field_count) +
                    " columns, more than the limit of " + std::to_string(kMaxCsvColumns));
  split_fields(line, fields_);
}

void CsvReader::read_header(std::string_view line) {
  split(line);
  std::set<std::string_view> seen;
  for (std::size_t c = 0; c < fields_.size(); ++c) {
    const int column = static_cast<int>(c) + 1;
    if (fields_[c].empty()) throw UserError(where(column) + ": empty column name in the header");
    // Names end up in draws.csv's header and in SVG (XML) text: they must be clean text.
    if (const std::string problem = text_name_problem(fields_[c]); !problem.empty())
      throw UserError(where(column) + ": the column name '" + excerpt(fields_[c]) + "' " + problem);
    if (!seen.insert(fields_[c]).second)
      throw UserError(where(column) + ": duplicate column name '" + excerpt(fields_[c]) + "'");
  }
  for (std::string_view field : fields_) header_.emplace_back(field);
  values_.assign(header_.size(), 0.0);
  sink_.header(header_);
}

void CsvReader::count_row() {
  if (cells_ + values_.size() > kMaxCsvCells)
    throw UserError(where(0) + ": more than the limit of " + std::to_string(kMaxCsvCells) +
                    " numbers in one data file");
  cells_ += values_.size();
}

void CsvReader::read_careful_row(std::string_view line) {
  split(line);
  const std::size_t expected = header_.size();
  if (fields_.size() != expected) {
    const int column = static_cast<int>(std::min(fields_.size(), expected)) + 1;
    throw UserError(where(column) + ": expected " + std::to_string(expected) +
                    " fields as in the header, found " + std::to_string(fields_.size()));
  }
  count_row();
  for (std::size_t c = 0; c < expected; ++c) {
    const auto fail = [&](const char* problem) {
      throw UserError(where(static_cast<int>(c) + 1) + " ('" + excerpt(header_[c]) + "'): '" +
                      excerpt(fields_[c]) + "' " + problem);
    };
    if (!parse_number(fields_[c], values_[c])) fail("is not a number");
    if (!std::isfinite(values_[c])) fail("is not a finite number");
  }
  sink_.row(reader_.line_number(), values_.data());
}

}  // namespace

std::string csv_location(const std::string& path, std::int64_t line, int column) {
  std::string text = "data file '" + path + "', line " + std::to_string(line);
  if (column > 0) text += ", column " + std::to_string(column);
  return text;
}

void read_numeric_csv_rows(const std::string& path, CsvRowSink& sink) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw UserError("data file '" + path + "' is a directory, not a CSV file");
  InputFile in(path);  // never blocks in open(), even on a FIFO without a writer
  if (!in.is_open()) throw UserError("cannot open data file '" + path + "'");
  if (in.is_pipe() && in.stream().peek() == std::char_traits<char>::eof())
    throw UserError("data file '" + path + "' is a named pipe that nothing writes to");
  const std::uintmax_t bytes = std::filesystem::file_size(path, ignored);
  CsvReader(in.stream(), path, bytes == std::uintmax_t(-1) ? 0 : bytes, sink).run();
}

void read_numeric_csv_rows(std::istream& in, const std::string& path, CsvRowSink& sink) {
  CsvReader(in, path, 0, sink).run();
}

}  // namespace sgl
