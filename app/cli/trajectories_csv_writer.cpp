#include "app/cli/trajectories_csv_writer.hpp"

#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstring>

#include "app/cli/csv_cells.hpp"
#include "app/cli/draws_csv_writer.hpp"
#include "core/util/error.hpp"

namespace sgl {

using csv::fail;
using csv::put_number;

// Buffers one iteration's points (its `accepted` is known only at the decision), then writes
// them as rows.
class ChainTrajectoryWriter final : public TrajectoryObserver {
 public:
  ChainTrajectoryWriter(TrajectoriesCsvFile& file, const std::string& label, int chain,
                        std::uint64_t burnin, std::uint64_t thin, std::uint64_t max_iterations)
      : file_(file),
        prefix_(csv_field(label) + "," + std::to_string(chain)),
        burnin_(burnin),
        thin_(thin == 0 ? 1 : thin),
        max_iterations_(max_iterations) {}

  bool wants(std::uint64_t iteration) override {
    // The draws the chain records (DrawSink::due), so `iter` joins draws.csv.
    if (iteration <= burnin_ || (iteration - burnin_) % thin_ != 0) return false;
    if (written_ >= max_iterations_) {
      ++file_.capped_;
      return false;
    }
    return true;
  }

  void on_point(std::uint64_t iteration, int leapfrog, const Vec& theta, const Vec& momentum,
                double hamiltonian) override {
    (void)iteration;  // the decision names it again
    if (leapfrog == 0) rows_.clear();
    Row& row = rows_.emplace_back();
    row.leapfrog = leapfrog;
    row.values.assign(theta.data(), theta.data() + theta.size());
    row.values.insert(row.values.end(), momentum.data(), momentum.data() + momentum.size());
    row.values.push_back(hamiltonian);
  }

  void on_decision(std::uint64_t iteration, bool accepted, double, bool) override {
    std::FILE* out = file_.file_;
    for (const Row& row : rows_) {
      std::fprintf(out, "%s,%" PRIu64 ",%d", prefix_.c_str(), iteration, row.leapfrog);
      for (double value : row.values) put_number(out, value);
      std::fprintf(out, ",%d\n", accepted ? 1 : 0);
    }
    if (std::ferror(out)) fail(file_.path_, errno != 0 ? errno : EIO);
    rows_.clear();
    ++written_;
  }

 private:
  struct Row {
    int leapfrog = 0;
    std::vector<double> values;  // θ, r, H
  };
  TrajectoriesCsvFile& file_;
  std::string prefix_;  // "sampler,chain"
  std::uint64_t burnin_, thin_, max_iterations_;
  std::uint64_t written_ = 0;
  std::vector<Row> rows_;
};

TrajectoriesCsvFile::TrajectoriesCsvFile(const std::string& path,
                                         const std::vector<std::string>& coordinate_names)
    : path_(path), file_(std::fopen(path.c_str(), "w")) {
  if (file_ == nullptr) fail(path, errno);
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 20);
  std::string header = "sampler,chain,iter,leapfrog";
  for (const std::string& name : coordinate_names) {
    header += ',';
    header += csv_field(name);
  }
  // (appended piece by piece: GCC 12 warns falsely on "," + std::string temporaries)
  for (const std::string& name : coordinate_names) {
    std::string column = "r_";
    column += name;
    header += ',';
    header += csv_field(column);
  }
  header += ",hamiltonian,accepted\n";
  std::fputs(header.c_str(), file_);
}

TrajectoriesCsvFile::~TrajectoriesCsvFile() {
  if (file_ != nullptr) std::fclose(file_);
}

std::unique_ptr<TrajectoryObserver> TrajectoriesCsvFile::chain_observer(
    const std::string& sampler_label, int chain, std::uint64_t burnin, std::uint64_t thin,
    std::uint64_t max_iterations) {
  return std::make_unique<ChainTrajectoryWriter>(*this, sampler_label, chain, burnin, thin,
                                                 max_iterations);
}

void TrajectoriesCsvFile::close() {
  std::FILE* raw = file_;
  file_ = nullptr;
  // fclose flushes: a full disk shows up here, not earlier.
  const bool flushed = std::fflush(raw) == 0 && !std::ferror(raw);
  const int flush_error = errno;
  if (std::fclose(raw) != 0 || !flushed) fail(path_, flushed ? errno : flush_error);
}

}  // namespace sgl
