#include "core/io/npy_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>
#include <string_view>

#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

// The values are read as they lie in memory: a little-endian machine is assumed.
static_assert(std::endian::native == std::endian::little);

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMaxHeaderBytes = 1 << 16;

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

[[noreturn]] void fail(const std::string& path, const std::string& problem) {
  throw UserError("data file '" + excerpt(path) + "': " + problem);
}

File open_regular(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) fail(path, "cannot open it");
  if (!S_ISREG(info.st_mode)) fail(path, "not a regular file (a .npy file is read by its size)");
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) fail(path, "cannot open it");
  return file;
}

// The value of 'key' in the header dict: the text after "'key':" up to the next top-level ','
// or '}' (parentheses nest, for the shape tuple).
std::string_view dict_value(std::string_view header, std::string_view key,
                            const std::string& path) {
  std::string quoted = "'";
  quoted += key;
  quoted += "'";
  const auto at = header.find(quoted);
  if (at == std::string_view::npos) fail(path, "the .npy header has no '" + std::string(key) + "'");
  auto colon = header.find(':', at + quoted.size());
  if (colon == std::string_view::npos) fail(path, "the .npy header is malformed");
  std::size_t begin = colon + 1, end = begin;
  int depth = 0;
  for (; end < header.size(); ++end) {
    const char c = header[end];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  std::string_view value = header.substr(begin, end - begin);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return value;
}

std::int64_t parse_dimension(std::string_view text, const std::string& path) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == 'L')) text.remove_suffix(1);
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != text.npos)
    fail(path, "the .npy shape has a dimension that is not a whole number: '" +
                   excerpt(std::string(text)) + "'");
  return std::stoll(std::string(text));
}

}  // namespace

bool is_npy_path(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".npy") == 0;
}

std::string npy_columns_path(const std::string& npy_path) {
  return npy_path.substr(0, npy_path.size() - 4) + ".columns.txt";
}

NpyHeader read_npy_header(const std::string& path) {
  const File file = open_regular(path);
  unsigned char start[10];
  if (std::fread(start, 1, 8, file.get()) != 8 || std::memcmp(start, kMagic, 6) != 0)
    fail(path, "not a NumPy .npy file (it does not start with \\x93NUMPY)");
  const int major = start[6];
  if (major < 1 || major > 3)
    fail(path, "a .npy format version " + std::to_string(major) + " (1 to 3 are read)");
  std::uint64_t header_bytes = 0;
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  if (std::fread(start, 1, length_bytes, file.get()) != length_bytes)
    fail(path, "the .npy header is cut short");
  for (std::size_t i = 0; i < length_bytes; ++i) header_bytes |= std::uint64_t(start[i]) << (8 * i);
  if (header_bytes > kMaxHeaderBytes) fail(path, "the .npy header is longer than 64 KiB");
  std::string header(header_bytes, '\0');
  if (std::fread(header.data(), 1, header.size(), file.get()) != header.size())
    fail(path, "the .npy header is cut short");

  NpyHeader result;
  result.data_offset = 6 + 2 + length_bytes + header_bytes;
  const std::string_view descr = dict_value(header, "descr", path);
  if (descr.starts_with("["))
    fail(path,
         "a structured .npy array; save a 2-D float array (np.save(FILE, a.astype(float))) "
         "and name its columns in " +
             excerpt(npy_columns_path(path)));
  if (descr == "'<f8'" || descr == "'f8'") {
    result.float32 = false;
  } else if (descr == "'<f4'" || descr == "'f4'") {
    result.float32 = true;
  } else {
    fail(path, "values of type " + excerpt(std::string(descr)) +
                   "; little-endian float64 ('<f8') or float32 ('<f4') are read");
  }
  const std::string_view order = dict_value(header, "fortran_order", path);
  if (order != "True" && order != "False")
    fail(path, "the .npy header's fortran_order is malformed");
  result.fortran_order = order == "True";
  std::string_view shape = dict_value(header, "shape", path);
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')')
    fail(path, "the .npy header's shape is malformed");
  shape = shape.substr(1, shape.size() - 2);
  std::vector<std::int64_t> dims;
  while (!shape.empty()) {
    const auto comma = shape.find(',');
    const std::string_view item = shape.substr(0, comma);
    if (item.find_first_not_of(' ') != std::string_view::npos)
      dims.push_back(parse_dimension(item, path));
    if (comma == std::string_view::npos) break;
    shape.remove_prefix(comma + 1);
  }
  if (dims.size() != 2)
    fail(path, "a " + std::to_string(dims.size()) +
                   "-D array; a 2-D array (rows = data points, columns = variables) is read");
  result.rows = dims[0];
  result.columns = dims[1];
  if (result.rows < 1 || result.columns < 1) fail(path, "an empty array");

  struct stat info {};
  ::stat(path.c_str(), &info);
  const std::uint64_t value_bytes = result.float32 ? 4 : 8;
  const long double wanted =
      (long double)result.data_offset + (long double)result.rows * result.columns * value_bytes;
  if ((long double)info.st_size < wanted)
    fail(path, "shorter than its shape (" + std::to_string(result.rows) + " x " +
                   std::to_string(result.columns) + ") says: " + std::to_string(info.st_size) +
                   " bytes, expected " + std::to_string(std::uint64_t(wanted)));
  return result;
}

std::vector<std::string> read_npy_column_names(const std::string& npy_path, std::int64_t columns) {
  const std::string names_path = npy_columns_path(npy_path);
  std::ifstream in(names_path);
  if (!in)
    throw UserError("data file '" + excerpt(npy_path) + "' needs its column names in " +
                    excerpt(names_path) + " (one name per line, " + std::to_string(columns) +
                    " lines)");
  std::vector<std::string> names;
  std::set<std::string> seen;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = "data file '" + excerpt(npy_path) + "': '" + excerpt(names_path) +
                              "', line " + std::to_string(line_number);
    if (std::int64_t(names.size()) == columns)
      throw UserError(where + ": more names than the " + std::to_string(columns) + " columns of " +
                      excerpt(npy_path));
    if (const std::string problem = text_name_problem(line); !problem.empty())
      throw UserError(where + ": the column name '" + excerpt(line) + "' " + problem);
    if (!seen.insert(line).second)
      throw UserError(where + ": duplicate column name '" + excerpt(line) + "'");
    names.push_back(line);
  }
  if (std::int64_t(names.size()) != columns)
    throw UserError("data file '" + excerpt(npy_path) + "': '" + excerpt(names_path) + "' names " +
                    std::to_string(names.size()) + " columns, the array has " +
                    std::to_string(columns));
  return names;
}

std::string npy_float64_header(std::int64_t rows, std::int64_t columns) {
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows) +
                     ", " + std::to_string(columns) + "), }";
  // Magic (6), version (2), length (2), dict and '\n' together a multiple of 64 bytes.
  dict.append((64 - (10 + dict.size() + 1) % 64) % 64, ' ');
  dict += '\n';
  std::string bytes(kMagic, 6);
  bytes += '\x01';
  bytes += '\x00';
  bytes += char(dict.size() & 0xFF);
  bytes += char(dict.size() >> 8);
  return bytes + dict;
}

void read_npy_values(const std::string& path, const NpyHeader& header,
                     const std::function<void(std::uint64_t, std::size_t, const double*)>& block) {
  const File file = open_regular(path);
  if (std::fseek(file.get(), long(header.data_offset), SEEK_SET) != 0)
    fail(path, "cannot read its values");
  constexpr std::size_t kBlockValues = std::size_t{1} << 19;  // 4 MiB of float64
  std::vector<double> values(kBlockValues);
  std::vector<float> singles(header.float32 ? kBlockValues : 0);
  const std::uint64_t total = std::uint64_t(header.rows) * std::uint64_t(header.columns);
  for (std::uint64_t first = 0; first < total;) {
    const std::size_t count = std::size_t(std::min<std::uint64_t>(kBlockValues, total - first));
    std::size_t got = 0;
    if (header.float32) {
      got = std::fread(singles.data(), sizeof(float), count, file.get());
      std::copy(singles.begin(), singles.begin() + std::ptrdiff_t(got), values.begin());
    } else {
      got = std::fread(values.data(), sizeof(double), count, file.get());
    }
    if (got != count) fail(path, "cannot read its values (the file ended early)");
    block(first, count, values.data());
    first += count;
  }
}

}  // namespace sgl
