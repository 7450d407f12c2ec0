// Loading tall data (issue 28, point 4). Writes, in /tmp, a 10⁶ × 30 logistic data set as CSV
// (values with 7 significant digits, about 240 MB) and as a float64 .npy with its
// .columns.txt, then times reading them: the CSV parser alone (goal ≥ 200 MB/s), the CSV and
// .npy loaders into a regression's design matrix, and the peak memory each adds (goal for the
// data: ≤ 1.1× its float64 size), with CPU seconds beside wall seconds (the machine is shared)
// and the load average. The files are removed afterwards.
//   usage: bench_data_loading [rows] [dir]
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/bench_measure.hpp"
#include "core/io/csv_table.hpp"
#include "core/io/npy_file.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/rng.hpp"

namespace {

using bench::cpu_seconds;
using bench::peak_rss_mb;
using bench::seconds_since;
using Clock = bench::Clock;
constexpr int kColumns = 30;

void write_files(const std::string& csv, const std::string& npy, long rows) {
  sgl::Rng rng(1);
  std::FILE* text = std::fopen(csv.c_str(), "w");
  std::FILE* binary = std::fopen(npy.c_str(), "wb");
  std::FILE* names = std::fopen((npy.substr(0, npy.size() - 4) + ".columns.txt").c_str(), "w");
  std::fputs("y", text);
  std::fputs("y\n", names);
  for (int c = 1; c < kColumns; ++c) {
    std::fprintf(text, ",x%d", c);
    std::fprintf(names, "x%d\n", c);
  }
  std::fputc('\n', text);
  const std::string header = sgl::npy_float64_header(rows, kColumns);
  std::fwrite(header.data(), 1, header.size(), binary);
  std::vector<double> row(kColumns);
  for (long k = 0; k < rows; ++k) {
    double eta = 0.0;
    for (int c = 1; c < kColumns; ++c) {
      row[c] = std::round(rng.normal() * 1e6) / 1e6;
      eta += (c % 2 ? 0.3 : -0.3) * row[c];
    }
    row[0] = rng.uniform() < 1.0 / (1.0 + std::exp(-eta)) ? 1.0 : 0.0;
    std::fprintf(text, "%g", row[0]);
    for (int c = 1; c < kColumns; ++c) std::fprintf(text, ",%.7g", row[c]);
    std::fputc('\n', text);
    std::fwrite(row.data(), sizeof(double), kColumns, binary);
  }
  std::fclose(text);
  std::fclose(binary);
  std::fclose(names);
}

// Runs `measure` in a child process, so that each figure's peak memory is its own (the peak
// resident size of a process only grows).
template <typename Measure>
void in_child(const Measure& measure) {
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    measure();
    std::fflush(stdout);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
}

}  // namespace

int main(int argc, char** argv) {
  const long rows = argc > 1 ? std::atol(argv[1]) : 1000000;
  const std::string dir = argc > 2 ? argv[2] : "/tmp";
  const std::string csv = dir + "/bench_data_loading.csv";
  const std::string npy = dir + "/bench_data_loading.npy";
  write_files(csv, npy, rows);
  const double csv_mb = double(std::filesystem::file_size(csv)) / 1e6;
  const double npy_mb = double(std::filesystem::file_size(npy)) / 1e6;
  const double float64_mb = double(rows) * kColumns * 8.0 / 1e6;
  std::printf("%ld x %d: CSV %.0f MB, .npy %.0f MB (float64 size %.0f MB); load average %.2f\n",
              rows, kColumns, csv_mb, npy_mb, float64_mb, bench::load_average());

  in_child([&] {
    const double before = peak_rss_mb();
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    const sgl::Dataset data = sgl::load_npy_dataset(npy, "y", sgl::ResponseKind::Binary);
    const double seconds = seconds_since(start), cpu = cpu_seconds() - cpu_start;
    std::printf(
        ".npy into the design matrix: %.3f s, %.0f MB/s; %.3f CPU s; peak memory +%.0f MB = "
        "%.2fx the float64 size (goal <= 1.1x)\n",
        seconds, npy_mb / seconds, cpu, peak_rss_mb() - before,
        (peak_rss_mb() - before) / float64_mb);
  });
  in_child([&] {
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    const sgl::CsvTable table = sgl::read_numeric_csv(csv);
    const double seconds = seconds_since(start), cpu = cpu_seconds() - cpu_start;
    std::printf(
        "CSV parse (read_numeric_csv): %.3f s, %.0f MB/s (goal >= 200 MB/s) %s; %.3f CPU s, "
        "%.0f MB per CPU second\n",
        seconds, csv_mb / seconds, csv_mb / seconds >= 200 ? "MET" : "not met", cpu, csv_mb / cpu);
  });
  in_child([&] {
    const double before = peak_rss_mb();
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    const sgl::Dataset data = sgl::load_csv_dataset(csv, "y", sgl::ResponseKind::Binary);
    const double seconds = seconds_since(start), cpu = cpu_seconds() - cpu_start;
    const double ratio = (peak_rss_mb() - before) / float64_mb;
    std::printf(
        "CSV into the design matrix: %.3f s, %.0f MB/s; %.3f CPU s, %.0f MB per CPU second; "
        "peak memory +%.0f MB = %.2fx the float64 size (goal <= 1.1x) %s\n",
        seconds, csv_mb / seconds, cpu, csv_mb / cpu, peak_rss_mb() - before, ratio,
        ratio <= 1.1 ? "MET" : "not met");
  });
  std::filesystem::remove(csv);
  std::filesystem::remove(npy);
  std::filesystem::remove(dir + "/bench_data_loading.columns.txt");
  return 0;
}
