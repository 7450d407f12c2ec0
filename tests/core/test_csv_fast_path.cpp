// The CSV reader parses plain rows in one pass (issue 28: ≥ 200 MB/s) and hands anything else
// (quotes, '+', blanks, bad fields) to the careful per-field path: both must read the same
// numbers, and malformed rows keep their one-line messages with line and column.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <random>
#include <sstream>
#include <string>

#include "core/io/csv_table.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/error.hpp"

using namespace sgl;
namespace fs = std::filesystem;

namespace {

std::string refusal(const std::string& text) {
  std::istringstream in(text);
  try {
    read_numeric_csv(in, "t.csv");
  } catch (const UserError& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("plain and decorated CSV rows read the same numbers", "[csv]") {
  std::istringstream in(
      "y,a,b\r\n"
      "1,0.5,-2\n"
      " 0 ,\t1.25e0 , 3\n"
      "\"1\",+0.75,\"-0.25\"\n"
      "\n"
      "0,1e-400,7\r\n"
      "1,-0,4.000000000000000000001");
  const CsvTable table = read_numeric_csv(in, "t.csv");
  REQUIRE(table.rows() == 5);
  const std::vector<double> expected = {1,     0.5, -2, 0, 1.25, 3,    1, 0.75,
                                        -0.25, 0,   0,  7, 1,    -0.0, 4};
  CHECK(table.values == expected);
  CHECK(table.line_numbers == std::vector<std::int64_t>{2, 3, 4, 6, 7});
}

TEST_CASE("malformed CSV rows still name line and column in one line", "[csv]") {
  const std::string header = "y,a,b\n1,2,3\n";
  CHECK(refusal(header + "1,2x,3\n") ==
        "data file 't.csv', line 3, column 2 ('a'): '2x' is not a number");
  CHECK(refusal(header + "1,nan,3\n") ==
        "data file 't.csv', line 3, column 2 ('a'): 'nan' is not a finite number");
  CHECK(refusal(header + "1,1e400,3\n") ==
        "data file 't.csv', line 3, column 2 ('a'): '1e400' is not a finite number");
  CHECK(refusal(header + "1,2,3,\n") ==
        "data file 't.csv', line 3, column 4: expected 3 fields as in the header, found 4");
  CHECK(refusal(header + "1,2\n") ==
        "data file 't.csv', line 3, column 3: expected 3 fields as in the header, found 2");
  CHECK(refusal(header + "1,2 5,3\n") ==
        "data file 't.csv', line 3, column 2 ('a'): '2 5' is not a number");
}

TEST_CASE("the one-pass reader's numbers are bit for bit from_chars's", "[csv]") {
  // Short decimals take Clinger's fast path; the rest go to from_chars. Both must agree exactly
  // (exponents stay within ±300 + 5 digits: no overflow, no underflow to subnormals).
  std::mt19937_64 random(7);
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<int> format(0, 7), exponent(-330, 310);
  std::string text = "a\n";
  std::vector<std::string> cells;
  for (int i = 0; i < 20000; ++i) {
    char cell[64];
    const double x = normal(random) * std::pow(10.0, double(exponent(random) % 30));
    switch (format(random)) {
      case 0:
        std::snprintf(cell, sizeof cell, "%.7g", x);
        break;
      case 1:
        std::snprintf(cell, sizeof cell, "%.17g", x);
        break;
      case 2:
        std::snprintf(cell, sizeof cell, "%.3f", x);
        break;
      case 3:
        std::snprintf(cell, sizeof cell, "%de%d", int(std::fmod(x * 1000, 100000.0)),
                      exponent(random) % 300);
        break;
      case 4:
        std::snprintf(cell, sizeof cell, "%.0f", std::round(x));
        break;
      case 6:  // leading zeros, and runs of digits longer than the eight read at once
        std::snprintf(cell, sizeof cell, "%012.9f", x);
        break;
      case 7:
        std::snprintf(cell, sizeof cell, "%.16f", x * 1e-3);
        break;
      default:
        std::snprintf(cell, sizeof cell, "%.19g", x);
        break;
    }
    cells.emplace_back(cell);
    text += cells.back() + "\n";
  }
  std::istringstream in(text);
  CsvTable table;
  try {
    table = read_numeric_csv(in, "t.csv");
  } catch (const UserError& error) {
    FAIL(error.what());
  }
  REQUIRE(table.values.size() == cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    double expected = 0.0;
    std::from_chars(cells[i].data(), cells[i].data() + cells[i].size(), expected);
    INFO(cells[i]);
    CHECK(std::memcmp(&expected, &table.values[i], sizeof(double)) == 0);
  }
}

TEST_CASE("CSV rows go into the design matrix as the table reads them", "[csv]") {
  // More rows than the first allocation (the reader grows the matrix in place), and every
  // column position of the response.
  const fs::path path =
      fs::temp_directory_path() / ("sgl-csv-matrix-" + std::to_string(::getpid()) + ".csv");
  std::mt19937_64 random(3);
  std::normal_distribution<double> normal;
  {
    std::ofstream out(path);
    out << "a,y,b,c\n";
    for (int k = 0; k < 5000; ++k)
      out << normal(random) << ", " << (k % 3 == 0 ? 1 : 0) << "," << normal(random) << ",\t"
          << std::setprecision(17) << normal(random) << std::setprecision(6) << "\n";
  }
  const CsvTable table = read_numeric_csv(path.string());
  const Dataset data = load_csv_dataset(path.string(), "y", ResponseKind::Binary);
  REQUIRE(data.size() == 5000);
  CHECK(data.coefficient_names == std::vector<std::string>{"intercept", "a", "b", "c"});
  bool same = true;
  for (std::int64_t k = 0; k < data.size(); ++k) {
    same = same && data.x(k, 0) == 1.0 && data.x(k, 1) == table.at(k, 0) &&
           data.y[k] == table.at(k, 1) && data.x(k, 2) == table.at(k, 2) &&
           data.x(k, 3) == table.at(k, 3);
  }
  CHECK(same);
  fs::remove(path);
}
