// `run --jobs N` runs chains, sweep points and ensemble members on N threads; the draws must not
// depend on N (issue 28): every file the results are written to is compared byte for byte between
// --jobs 1 (the old one-after-another behaviour) and --jobs 4. Sizes are tiny: this checks that
// no chain shares state with another, not statistics.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

class JobsScratch {
 public:
  explicit JobsScratch(const std::string& name)
      : root_(fs::path(SGL_TEST_WORK_DIR) / ("jobs-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  fs::path root() const { return root_; }
  // Runs `args` with --jobs `jobs` into DIR = root/jobs-N and returns DIR.
  fs::path run(std::vector<std::string> args, const std::string& jobs) const {
    const fs::path out = root_ / ("jobs-" + jobs);
    args.insert(args.end(), {"--jobs", jobs, "--out", out.string(), "--quiet"});
    const sgl_test::CappedResult result =
        sgl_test::run_capped(SGL_EXE, args, (root_ / ("io-" + jobs)).string(), 120.0, 0);
    INFO(result.err);
    REQUIRE(result.exited);
    REQUIRE(result.exit_code == 0);
    return out;
  }

 private:
  fs::path root_;
};

void require_same_files(const fs::path& one, const fs::path& four,
                        const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    INFO(name);
    const std::string single = sgl_test::slurp((one / name).string());
    REQUIRE(!single.empty());
    CHECK(single == sgl_test::slurp((four / name).string()));
  }
}

}  // namespace

TEST_CASE("run --jobs 4 writes the same draws as --jobs 1", "[cli][jobs]") {
  const JobsScratch scratch("run");
  // Chains of several samplers at once, one with a stop (naive SGHMC's step is too large for the
  // correlated Gaussian), on an analytic target and on a data set.
  const std::vector<std::string> analytic = {"run",       "--target",  "gauss2d",
                                             "--sampler", "hmc",       "--sampler",
                                             "sgld",      "--sampler", "naive-sghmc:step_size=3",
                                             "--chains",  "3",         "--steps",
                                             "400",       "--seed",    "11"};
  require_same_files(scratch.run(analytic, "1"), scratch.run(analytic, "4"), {"draws.csv"});

  const JobsScratch data("data");
  const std::vector<std::string> regression = {
      "run",       "--model", "logistic",  "--synthetic", "n=300,d=2,seed=4",
      "--sampler", "hmcecs",  "--sampler", "sghmc",       "--chains",
      "2",         "--steps", "300",       "--burnin",    "50",
      "--thin",    "2"};
  require_same_files(data.run(regression, "1"), data.run(regression, "4"), {"draws.csv"});
}

TEST_CASE("run --scenario --jobs 4: the same chains, sweep and ensemble as --jobs 1",
          "[cli][jobs]") {
  const JobsScratch scratch("scenario");
  const fs::path file = scratch.root() / "small.json";
  std::ofstream(file) << R"({
  "format": 1, "name": "small", "target": {"id": "gauss2d", "params": {"rho": 0.9}},
  "seed": 3, "steps": 500,
  "chains": [
    {"label": "SGHMC", "sampler": "sghmc", "params": {"step_size": 0.1, "friction": 1}},
    {"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.1}}
  ],
  "sweep": {"param": "step_size", "values": [0.02, 0.05, 0.1], "steps": 2000, "burnin": 100,
            "keep_first": 20},
  "ensemble": {"chains": 12, "steps": 300, "checkpoints": 10}
})";
  const std::vector<std::string> args = {"run", "--scenario", file.string()};
  require_same_files(scratch.run(args, "1"), scratch.run(args, "4"),
                     {"draws.csv", "sweep.csv", "sweep_samples.csv", "ensemble.csv"});
}

TEST_CASE("run --jobs refuses 0 and text with one line", "[cli][jobs]") {
  const JobsScratch scratch("bad");
  for (const std::string bad : {"0", "two", "-1"}) {
    const sgl_test::CappedResult result =
        sgl_test::run_capped(SGL_EXE,
                             {"run", "--target", "gauss2d", "--sampler", "hmc", "--steps", "10",
                              "--jobs", bad, "--out", (scratch.root() / "out").string()},
                             (scratch.root() / "io").string(), 60.0, 0);
    INFO(bad << ": " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find("--jobs") != std::string::npos);
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK(!fs::exists(scratch.root() / "out"));
  }
}
