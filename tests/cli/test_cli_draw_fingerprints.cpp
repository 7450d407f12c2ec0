// Draws stay bit-identical across refactors. tests/data/draw_fingerprints.tsv holds, for every
// sampler on six targets and for every quick preset, an FNV-1a hash of the CSV files a run
// writes (17 significant digits: equal text is equal doubles). The summary files of a sweep or
// an ensemble (sweep.csv, ensemble.csv) are compared at 9 significant digits: their statistics
// pass through libm and an FFT, whose last bits differ between CPUs (glibc picks FMA variants at
// run time), while the draws are exact on any machine. The file was made by
// tests/data/make_draw_fingerprints.py from the binary before the structure change of issue 11;
// a change that alters any draw must regenerate it on purpose and say why in its commit.
//
// Columns are matched by name, so a run that writes more columns (a sampler declaring a new
// per-draw output) still compares the old ones.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "capped_process.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char byte : text) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// A number cell at 9 significant digits (as tests/data/update_summary_fingerprints.py writes it);
// text, and NaN whose sign printf would show, stay as they are.
std::string rounded(const std::string& cell) {
  if (cell.empty()) return cell;
  char* end = nullptr;
  const double value = std::strtod(cell.c_str(), &end);
  if (end != cell.c_str() + cell.size() || !std::isfinite(value)) return cell;
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

bool is_summary_file(const std::string& name) {
  return name == "sweep.csv" || name == "ensemble.csv";
}

// The rows of `path` restricted to `columns` (in that order), joined like the generator does.
// Empty optional-like result (ok = false) when a column is missing.
struct Selected {
  bool ok = true;
  std::string missing;
  std::string text;
  std::size_t rows = 0;
};

Selected select_columns(const std::string& path, const std::vector<std::string>& columns,
                        bool round_numbers) {
  Selected selected;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = split(line, ',');
  std::vector<std::size_t> index;
  for (const std::string& name : columns) {
    std::size_t found = header.size();
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) found = i;
    if (found == header.size()) {
      selected.ok = false;
      selected.missing = name;
      return selected;
    }
    index.push_back(found);
  }
  bool first = true;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = split(line, ',');
    if (!first) selected.text += '\n';
    first = false;
    for (std::size_t k = 0; k < index.size(); ++k) {
      if (k) selected.text += ',';
      if (index[k] >= cells.size()) continue;
      selected.text += round_numbers ? rounded(cells[index[k]]) : cells[index[k]];
    }
    ++selected.rows;
  }
  return selected;
}

}  // namespace

TEST_CASE("every sampler and preset draws what it drew before the restructuring",
          "[cli][determinism]") {
  std::ifstream table(fs::path(SGL_SOURCE_DIR) / "tests" / "data" / "draw_fingerprints.tsv");
  REQUIRE(table.good());
  const fs::path work = fs::path(SGL_TEST_WORK_DIR) / "fingerprints";
  fs::remove_all(work);
  fs::create_directories(work);
  std::string line, last_args;
  int case_number = 0, compared = 0;
  fs::path out;
  while (std::getline(table, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> fields = split(line, '\t');
    REQUIRE(fields.size() == 5);
    const std::string& args = fields[0];
    INFO("run " << args << " → " << fields[1]);
    if (args != last_args) {  // one run serves every file it wrote
      last_args = args;
      out = work / ("case" + std::to_string(case_number++));
      std::vector<std::string> argv = {"run"};
      for (const std::string& arg : split(args, ' ')) argv.push_back(arg);
      argv.insert(argv.end(), {"--out", out.string(), "--quiet"});
      const sgl_test::CappedResult result =
          sgl_test::run_capped(SGL_EXE, argv, (work / "io").string(), 300.0, 0);
      INFO(result.err);
      REQUIRE(result.exited);
      REQUIRE(result.exit_code == 0);
    }
    const Selected selected = select_columns((out / fields[1]).string(), split(fields[2], ';'),
                                             is_summary_file(fields[1]));
    INFO("missing column " << selected.missing);
    REQUIRE(selected.ok);
    CHECK(selected.rows == std::stoull(fields[4]));
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(fnv1a(selected.text)));
    CHECK(std::string(hex) == fields[3]);
    ++compared;
  }
  CHECK(compared >= 80);
}
