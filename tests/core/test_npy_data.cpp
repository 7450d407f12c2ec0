// `--data FILE.npy`: a 2-D float64/float32 NumPy array with its column names in FILE.columns.txt
// loads into the same regression as the CSV of the same numbers (C and Fortran order), and every
// malformed file is refused with one line naming it (issue 28).
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/io/npy_file.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/error.hpp"

using namespace sgl;
namespace fs = std::filesystem;

namespace {

fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("sgl-npy-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

// An .npy file with this header dict and these raw value bytes (format 1.0).
void write_npy(const fs::path& path, std::string header, const std::string& bytes,
               const std::string& magic = "\x93NUMPY\x01") {
  while ((magic.size() + 3 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out << magic << '\0';
  const auto length = static_cast<std::uint16_t>(header.size());
  out.put(char(length & 0xff)).put(char(length >> 8));
  out << header << bytes;
}

template <typename T>
std::string raw(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

void write_names(const fs::path& npy, const std::string& text) {
  std::ofstream(fs::path(npy).replace_extension(".columns.txt")) << text;
}

// Three rows of (y, a, b), row-major; every value exact in float32.
const std::vector<double> kRows = {1, 0.5, -2, 0, 1.25, 3, 1, -0.75, 0.25};

std::string refusal(const fs::path& path, ResponseKind kind = ResponseKind::Binary) {
  try {
    load_data_file(path.string(), "y", kind);
  } catch (const UserError& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE(".npy data load as the CSV of the same numbers", "[npy]") {
  const fs::path dir = scratch();
  std::ofstream(dir / "rows.csv") << "y,a,b\n1,0.5,-2\n0,1.25,3\n1,-0.75,0.25\n";
  const Dataset csv = load_data_file((dir / "rows.csv").string(), "y", ResponseKind::Binary);

  write_npy(dir / "c64.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 3), }",
            raw(kRows));
  write_names(dir / "c64.npy", "y\na\nb\n");
  std::vector<float> columns;  // Fortran order: column by column
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) columns.push_back(float(kRows[std::size_t(r * 3 + c)]));
  write_npy(dir / "f32.npy", "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 3), }",
            raw(columns));
  write_names(dir / "f32.npy", "y\r\na\r\nb\r\n");

  for (const char* name : {"c64.npy", "f32.npy"}) {
    INFO(name);
    const Dataset npy = load_data_file((dir / name).string(), "y", ResponseKind::Binary);
    CHECK(npy.coefficient_names == csv.coefficient_names);
    CHECK(npy.x == csv.x);
    CHECK(npy.y == csv.y);
  }
  fs::remove_all(dir);
}

TEST_CASE("a written .npy of synthetic rows loads as the built-in synthetic data", "[npy]") {
  // What bench/make_tall_npy writes for the tall data set: npy_float64_header, then rows of
  // (y, x1..xd) from SyntheticRows.
  const fs::path dir = scratch();
  const Dataset expected = make_synthetic_dataset(ResponseKind::Binary, 300, 3, 5, 0.0);
  SyntheticRows rows(ResponseKind::Binary, 3, 5, 0.0);
  std::vector<double> values;
  for (int k = 0; k < 300; ++k) {
    double row[4];
    row[0] = rows.next(row);
    values.insert(values.end(), row, row + 4);
  }
  std::ofstream(dir / "synthetic.npy", std::ios::binary)
      << npy_float64_header(300, 4) << raw(values);
  write_names(dir / "synthetic.npy", "y\nx1\nx2\nx3\n");
  const Dataset npy = load_data_file((dir / "synthetic.npy").string(), "y", ResponseKind::Binary);
  CHECK(npy.coefficient_names == expected.coefficient_names);
  CHECK(npy.x == expected.x);
  CHECK(npy.y == expected.y);
  fs::remove_all(dir);
}

TEST_CASE("malformed .npy files are refused with one line naming the file", "[npy]") {
  const fs::path dir = scratch();
  const std::string good = "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 3), }";
  struct Case {
    const char* name;
    std::string header;
    std::string bytes;
    std::string names;
    const char* expected;
    std::string magic = "\x93NUMPY\x01";
  };
  std::vector<double> with_nan = kRows;
  with_nan[4] = std::nan("");
  std::vector<double> response_two = kRows;
  response_two[3] = 2;
  const std::vector<Case> cases = {
      {"magic.npy", good, raw(kRows), "y\na\nb\n", "not a NumPy .npy file", "PK\x03\x04zz\x01"},
      {"version.npy", good, raw(kRows), "y\na\nb\n", "format version 9", "\x93NUMPY\x09"},
      {"structured.npy",
       "{'descr': [('y', '<f8'), ('a', '<f8')], 'fortran_order': False, "
       "'shape': (3,), }",
       raw(kRows), "y\na\n", "structured"},
      {"int.npy", "{'descr': '<i8', 'fortran_order': False, 'shape': (3, 3), }", raw(kRows),
       "y\na\nb\n", "'<i8'"},
      {"big_endian.npy", "{'descr': '>f8', 'fortran_order': False, 'shape': (3, 3), }", raw(kRows),
       "y\na\nb\n", "'>f8'"},
      {"three_d.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 3, 3), }", raw(kRows),
       "y\na\nb\n", "3-D array"},
      {"short.npy", good, raw(kRows).substr(0, 40), "y\na\nb\n", "shorter than its shape"},
      {"no_shape.npy", "{'descr': '<f8', 'fortran_order': False, }", raw(kRows), "y\na\nb\n",
       "no 'shape'"},
      {"names_few.npy", good, raw(kRows), "y\na\n", "names 2 columns"},
      {"names_twice.npy", good, raw(kRows), "y\na\na\n", "duplicate column name 'a'"},
      {"no_response.npy", good, raw(kRows), "z\na\nb\n", "no response column 'y'"},
      {"nan.npy", good, raw(with_nan), "y\na\nb\n", "row 2, column 2 ('a'): nan is not a finite"},
      {"response.npy", good, raw(response_two), "y\na\nb\n",
       "row 2, column 1 ('y'): 2 is not 0 or 1"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    write_npy(dir / c.name, c.header, c.bytes, c.magic);
    write_names(dir / c.name, c.names);
    const std::string message = refusal(dir / c.name);
    CHECK(message.find(c.expected) != std::string::npos);
    CHECK(message.find(c.name) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  // No sidecar at all; not a file; cut inside the header.
  write_npy(dir / "alone.npy", good, raw(kRows));
  CHECK(refusal(dir / "alone.npy").find("alone.columns.txt") != std::string::npos);
  fs::create_directories(dir / "folder.npy");
  CHECK(refusal(dir / "folder.npy").find("not a regular file") != std::string::npos);
  std::ofstream(dir / "cut.npy", std::ios::binary)
      << std::string("\x93NUMPY\x01\x00\x76\x00{'de", 14);
  CHECK(refusal(dir / "cut.npy").find("header is cut short") != std::string::npos);
  fs::remove_all(dir);
}
