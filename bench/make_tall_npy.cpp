// Writes a synthetic logistic data set as NumPy .npy (float64, C order; columns y, x1..xd) with
// its sidecar FILE.columns.txt: the same rows as `--synthetic n=ROWS,d=COVARIATES,seed=SEED`
// (SyntheticRows), streamed so that the 10.5·10⁶ × 29 set of the HMC-ECS paper's scale (2.4 GB)
// is written in seconds of CPU and never held in memory. scripts/make_tall_npy.py writes the same
// format without a build, but at about 0.45 CPU µs per value (over two CPU minutes for that set).
//   usage: make_tall_npy FILE.npy ROWS COVARIATES [SEED]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/io/npy_file.hpp"
#include "core/targets/regression_data.hpp"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "";
  if (argc < 4 || !sgl::is_npy_path(path)) {
    std::fprintf(stderr, "usage: make_tall_npy FILE.npy ROWS COVARIATES [SEED]\n");
    return 2;
  }
  const long long rows = std::atoll(argv[2]);
  const int covariates = std::atoi(argv[3]);
  const unsigned long long seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  if (rows < 1 || covariates < 1) {
    std::fprintf(stderr, "make_tall_npy: ROWS and COVARIATES must be positive\n");
    return 2;
  }
  std::FILE* out = std::fopen(path.c_str(), "wb");
  std::FILE* names = std::fopen(sgl::npy_columns_path(path).c_str(), "w");
  if (out == nullptr || names == nullptr) {
    std::fprintf(stderr, "make_tall_npy: cannot write %s or its .columns.txt\n", path.c_str());
    return 1;
  }
  std::fputs("y\n", names);
  for (int j = 1; j <= covariates; ++j) std::fprintf(names, "x%d\n", j);
  const std::string header = sgl::npy_float64_header(rows, covariates + 1);
  std::fwrite(header.data(), 1, header.size(), out);

  sgl::SyntheticRows generator(sgl::ResponseKind::Binary, covariates, seed, 0.0);
  // A block of rows per write; each row is [y, x1..xd], the design row's intercept slot taking y.
  constexpr long long kBlockRows = 1 << 14;
  const std::size_t width = std::size_t(covariates) + 1;
  std::vector<double> block(std::size_t(kBlockRows) * width);
  for (long long first = 0; first < rows; first += kBlockRows) {
    const long long count = std::min(kBlockRows, rows - first);
    for (long long k = 0; k < count; ++k) {
      double* row = block.data() + std::size_t(k) * width;
      row[0] = generator.next(row);
    }
    if (std::fwrite(block.data(), sizeof(double), std::size_t(count) * width, out) !=
        std::size_t(count) * width) {
      std::fprintf(stderr, "make_tall_npy: writing %s failed (disk full?)\n", path.c_str());
      return 1;
    }
  }
  const bool closed = std::fclose(out) == 0 && std::fclose(names) == 0;
  if (!closed) std::fprintf(stderr, "make_tall_npy: closing %s failed\n", path.c_str());
  return closed ? 0 : 1;
}
