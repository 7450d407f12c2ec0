#include "core/io/csv_table.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>

#include "core/io/bounded_line_reader.hpp"
#include "core/io/input_file.hpp"
#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

std::string where(const std::string& path, std::int64_t line, int column) {
  std::string text = "data file '" + path + "', line " + std::to_string(line);
  if (column > 0) text += ", column " + std::to_string(column);
  return text;
}

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

// Parses a whole field as a double (from_chars: locale-independent; a leading '+' is allowed).
bool parse_number(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return false;
  // Out of range: from_chars leaves `value` alone; strtod gives ±inf on overflow (reported as
  // non-finite by the caller) and the nearest subnormal or zero on underflow (accepted).
  if (error == std::errc::result_out_of_range)
    value = std::strtod(std::string(text).c_str(), nullptr);
  else if (error != std::errc())
    return false;
  return true;
}

// A decimal number as CSV files write them ("-0.1234567", "3", "1.5e-3") with at most 19
// significant digits, converted by Clinger's fast path: when the digits form an integer
// m ≤ 2⁵³ and the power of ten is within ±22, m and 10^|e| are exact doubles and one
// multiplication or division rounds correctly, so the result is exactly from_chars's. Returns
// the end of the number, or null when the fast path does not apply (from_chars then decides).
const char* parse_short_decimal(const char* at, const char* end, double& value) {
  static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const bool negative = at != end && *at == '-';
  if (negative) ++at;
  // Every digit goes into the mantissa (leading zeros add nothing); more than 19 could overflow
  // it, and are left to from_chars.
  std::uint64_t mantissa = 0;
  const char* const first_digit = at;
  while (at != end && static_cast<unsigned>(*at - '0') < 10)
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(*at++ - '0');
  int digits = static_cast<int>(at - first_digit), exponent = 0;
  if (at != end && *at == '.') {
    const char* const fraction = ++at;
    while (at != end && static_cast<unsigned>(*at - '0') < 10)
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(*at++ - '0');
    exponent = -static_cast<int>(at - fraction);
    digits -= exponent;
  }
  if (digits > 19) return nullptr;
  if (digits == 0) return nullptr;
  if (at != end && (*at == 'e' || *at == 'E')) {
    ++at;
    const bool negative_exponent = at != end && *at == '-';
    if (at != end && (*at == '-' || *at == '+')) ++at;
    if (at == end || *at < '0' || *at > '9') return nullptr;
    int written = 0;
    for (; at != end && *at >= '0' && *at <= '9'; ++at)
      if (written < 10000) written = written * 10 + (*at - '0');
    exponent += negative_exponent ? -written : written;
  }
  if (mantissa > (std::uint64_t{1} << 53)) return nullptr;
  if (mantissa == 0) {
    value = negative ? -0.0 : 0.0;
  } else if (exponent >= -22 && exponent <= 22) {
    const double m = double(mantissa);
    value = exponent < 0 ? m / kPowersOfTen[-exponent] : m * kPowersOfTen[exponent];
    if (negative) value = -value;
  } else {
    return nullptr;
  }
  return at;
}

// The common case in one pass over the line: plain numbers separated by commas, maybe with
// spaces or tabs around them. Appends the row to `values` and returns true; returns false,
// leaving `values` as it was, at anything else (quotes, a '+' sign, a field that is not a
// finite number, a wrong field count), which the careful path then parses or reports.
bool parse_plain_row(std::string_view line, std::size_t expected, std::vector<double>& values) {
  const std::size_t size_before = values.size();
  const char* at = line.data();
  const char* const end = at + line.size();
  for (std::size_t c = 0; c < expected; ++c) {
    while (at != end && (*at == ' ' || *at == '\t')) ++at;
    double value = 0.0;
    if (const char* next = parse_short_decimal(at, end, value)) {
      at = next;
    } else {
      const auto [parsed_end, error] = std::from_chars(at, end, value);
      if (error != std::errc() || parsed_end == at || !std::isfinite(value)) break;
      at = parsed_end;
    }
    while (at != end && (*at == ' ' || *at == '\t')) ++at;
    values.push_back(value);
    if (c + 1 == expected) {
      if (at == end) return true;
      break;
    }
    if (at == end || *at != ',') break;
    ++at;
  }
  values.resize(size_before);
  return false;
}

}  // namespace

std::string CsvTable::location(std::int64_t row, int column) const {
  return where(path, line_numbers[static_cast<std::size_t>(row)], column + 1) + " ('" +
         excerpt(header[column]) + "')";
}

namespace {
CsvTable read_csv_stream(std::istream& in, const std::string& path, std::uintmax_t file_bytes);
}  // namespace

CsvTable read_numeric_csv(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw UserError("data file '" + path + "' is a directory, not a CSV file");
  InputFile in(path);  // never blocks in open(), even on a FIFO without a writer
  if (!in.is_open()) throw UserError("cannot open data file '" + path + "'");
  if (in.is_pipe() && in.stream().peek() == std::char_traits<char>::eof())
    throw UserError("data file '" + path + "' is a named pipe that nothing writes to");
  const std::uintmax_t bytes = std::filesystem::file_size(path, ignored);
  return read_csv_stream(in.stream(), path, bytes == std::uintmax_t(-1) ? 0 : bytes);
}

CsvTable read_numeric_csv(std::istream& in, const std::string& path) {
  return read_csv_stream(in, path, 0);
}

namespace {

CsvTable read_csv_stream(std::istream& in, const std::string& path, std::uintmax_t file_bytes) {
  CsvTable table;
  table.path = path;
  std::string line;
  std::vector<std::string_view> fields;
  BoundedLineReader reader(in, kMaxCsvLineBytes, kMaxCsvFileBytes);
  bool have_header = false;
  while (true) {
    const BoundedLineReader::Result result = reader.next(line);
    const std::int64_t line_number = reader.line_number();
    if (result == BoundedLineReader::Result::End) break;
    if (result == BoundedLineReader::Result::LineTooLong)
      throw UserError(where(path, line_number, 0) + ": line longer than the limit of " +
                      std::to_string(kMaxCsvLineBytes) + " bytes (is this a CSV text file?)");
    if (result == BoundedLineReader::Result::FileTooLarge)
      throw UserError("data file '" + path + "' is larger than the limit of " +
                      std::to_string(kMaxCsvFileBytes >> 30) + " GiB");
    // A UTF-8 byte order mark (Excel's "CSV UTF-8") is not part of the first column's name.
    if (!have_header && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    if (trim(line).empty()) continue;
    if (have_header) {
      // Room for the whole file, estimated from the first data row's length (a regular file's
      // size is known): no regrowing copies of a vector of hundreds of MB.
      if (table.values.empty() && file_bytes > 0) {
        const double rows = double(file_bytes) / double(line.size() + 1) * 1.05;
        table.values.reserve(
            std::size_t(std::min(rows * double(table.header.size()), double(kMaxCsvCells))));
        table.line_numbers.reserve(std::size_t(std::min(rows, double(kMaxCsvCells))));
      }
      if (table.values.size() + table.header.size() > kMaxCsvCells)
        throw UserError(where(path, line_number, 0) + ": more than the limit of " +
                        std::to_string(kMaxCsvCells) + " numbers in one data file");
      if (parse_plain_row(line, table.header.size(), table.values)) {
        table.line_numbers.push_back(line_number);
        continue;
      }
    }
    // Counting commas first keeps a hostile row from building a huge field list.
    const std::size_t field_count =
        static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1;
    if (field_count > static_cast<std::size_t>(kMaxCsvColumns))
      throw UserError(where(path, line_number, 0) + ": " + std::to_string(field_count) +
                      " columns, more than the limit of " + std::to_string(kMaxCsvColumns));
    split_fields(line, fields);
    if (!have_header) {
      std::set<std::string_view> seen;
      for (std::size_t c = 0; c < fields.size(); ++c) {
        const int column = static_cast<int>(c) + 1;
        if (fields[c].empty())
          throw UserError(where(path, line_number, column) + ": empty column name in the header");
        // Names end up in draws.csv's header and in SVG (XML) text: they must be clean text.
        if (const std::string problem = text_name_problem(fields[c]); !problem.empty())
          throw UserError(where(path, line_number, column) + ": the column name '" +
                          excerpt(fields[c]) + "' " + problem);
        if (!seen.insert(fields[c]).second)
          throw UserError(where(path, line_number, column) + ": duplicate column name '" +
                          excerpt(fields[c]) + "'");
      }
      for (std::string_view field : fields) table.header.emplace_back(field);
      have_header = true;
      continue;
    }
    const std::size_t expected = table.header.size();
    if (fields.size() != expected) {
      const int column = static_cast<int>(std::min(fields.size(), expected)) + 1;
      throw UserError(where(path, line_number, column) + ": expected " + std::to_string(expected) +
                      " fields as in the header, found " + std::to_string(fields.size()));
    }
    if (table.values.size() + expected > kMaxCsvCells)
      throw UserError(where(path, line_number, 0) + ": more than the limit of " +
                      std::to_string(kMaxCsvCells) + " numbers in one data file");
    for (std::size_t c = 0; c < expected; ++c) {
      double value = 0.0;
      const auto fail = [&](const char* problem) {
        throw UserError(where(path, line_number, static_cast<int>(c) + 1) + " ('" +
                        excerpt(table.header[c]) + "'): '" + excerpt(fields[c]) + "' " + problem);
      };
      if (!parse_number(fields[c], value)) fail("is not a number");
      if (!std::isfinite(value)) fail("is not a finite number");
      table.values.push_back(value);
    }
    table.line_numbers.push_back(line_number);
  }
  if (!in.eof() && in.bad()) throw UserError("cannot read data file '" + path + "'");
  if (!have_header) throw UserError("data file '" + path + "' is empty (expected a header row)");
  if (table.line_numbers.empty())
    throw UserError("data file '" + path + "' has a header but no data rows (line " +
                    std::to_string(reader.line_number() + 1) + ")");
  return table;
}

}  // namespace

}  // namespace sgl
