// `run --model logistic --data FILE.npy` (issue 28): the same draws as the CSV of the same
// numbers, and a malformed .npy refused with exit code 2 and one line.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

// y, a, b: 40 rows of small exact values (the same text in the CSV).
std::vector<double> rows() {
  std::vector<double> values;
  for (int k = 0; k < 40; ++k) {
    const double a = (k % 7 - 3) * 0.5, b = (k % 5 - 2) * 0.25;
    values.insert(values.end(), {(k * 37 % 11) < 5 + a ? 1.0 : 0.0, a, b});
  }
  return values;
}

void write_npy(const fs::path& path, const std::vector<double>& values, std::int64_t rows) {
  std::string header =
      "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", 3), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out << std::string("\x93NUMPY\x01\x00", 8);
  out.put(char(header.size() & 0xff)).put(char(header.size() >> 8));
  out << header;
  out.write(reinterpret_cast<const char*>(values.data()),
            std::streamsize(values.size() * sizeof(double)));
}

sgl_test::CappedResult run(const fs::path& root, const std::string& data, const std::string& out) {
  return sgl_test::run_capped(
      SGL_EXE,
      {"run", "--model", "logistic", "--data", data, "--sampler", "hmc", "--steps", "200", "--seed",
       "3", "--quiet", "--out", (root / out).string()},
      (root / ("io-" + out)).string(), 60.0, 0);
}

}  // namespace

TEST_CASE("run --data FILE.npy draws what the same CSV draws", "[cli][npy]") {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / "npy";
  fs::remove_all(root);
  fs::create_directories(root);
  const std::vector<double> values = rows();
  std::ofstream csv(root / "d.csv");
  csv << "y,a,b\n";
  for (std::size_t i = 0; i < values.size(); i += 3)
    csv << values[i] << ',' << values[i + 1] << ',' << values[i + 2] << '\n';
  csv.close();
  write_npy(root / "d.npy", values, 40);
  std::ofstream(root / "d.columns.txt") << "y\na\nb\n";

  const sgl_test::CappedResult from_csv = run(root, (root / "d.csv").string(), "csv");
  const sgl_test::CappedResult from_npy = run(root, (root / "d.npy").string(), "npy");
  INFO(from_csv.err << from_npy.err);
  REQUIRE(from_csv.exit_code == 0);
  REQUIRE(from_npy.exit_code == 0);
  CHECK(sgl_test::slurp((root / "csv" / "draws.csv").string()) ==
        sgl_test::slurp((root / "npy" / "draws.csv").string()));

  // Shorter than its shape: exit 2, one line naming the file, nothing written.
  write_npy(root / "short.npy", values, 41);
  std::ofstream(root / "short.columns.txt") << "y\na\nb\n";
  const sgl_test::CappedResult refused = run(root, (root / "short.npy").string(), "short");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("short.npy': shorter than its shape (41 x 3)") != std::string::npos);
  CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
  CHECK(!fs::exists(root / "short"));
}
