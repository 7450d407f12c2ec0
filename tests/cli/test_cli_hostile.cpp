// Hostile sizes and long work (issue 16): the input limits and the memory estimate refuse before
// memory grows, runs where nothing was drawn say so, and a long run shows progress and stops
// cleanly with exit code 130 on SIGINT or SIGTERM.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

#if defined(SGL_SANITIZED)
constexpr unsigned long long kAddressSpaceCap = 0;
#else
constexpr unsigned long long kAddressSpaceCap = 1ULL << 30;  // 1 GiB: far below the old peaks
#endif

class HostileScratch {
 public:
  explicit HostileScratch(const std::string& name)
      : root_(fs::path(SGL_TEST_WORK_DIR) / ("hostile-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_ / "runs");
  }
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  std::string out() const { return (root_ / "runs" / "out").string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(root_ / name, std::ios::binary) << text;
    return path(name);
  }
  sgl_test::CappedResult run(std::vector<std::string> args, double interrupt_after = 0.0,
                             int signal_number = SIGINT) const {
    args.insert(args.end(), {"--out", out()});
    return sgl_test::run_capped(SGL_EXE, args, path("io"), 120.0, kAddressSpaceCap, interrupt_after,
                                signal_number);
  }
  bool nothing_written() const {
    for (const auto& entry : fs::directory_iterator(root_ / "runs")) {
      (void)entry;
      return false;
    }
    return true;
  }

 private:
  fs::path root_;
};

void expect_refused(const HostileScratch& scratch, const sgl_test::CappedResult& result,
                    const std::string& expected) {
  INFO("stderr: " << result.err.substr(0, 400));
  CHECK(result.exited);
  CHECK(result.exit_code == 2);
  CHECK(result.err.rfind("error: ", 0) == 0);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  CHECK(result.err.find(expected) != std::string::npos);
  CHECK(result.err.find("internal") == std::string::npos);
  CHECK(scratch.nothing_written());
}

const std::string kScenarioHead =
    "{\"name\":\"x\",\"target\":{\"id\":\"harmonic\"},\"chains\":[{\"sampler\":\"sgld\"}]";

}  // namespace

TEST_CASE("hostile sizes are refused before memory grows", "[cli][hostile]") {
  const HostileScratch scratch("sizes");
  const auto zero = scratch.run(
      {"run", "--model", "linear", "--data", "/dev/zero", "--sampler", "sgld", "--steps", "10"});
  expect_refused(scratch, zero, "line longer than the limit of 1048576 bytes");
  if (kAddressSpaceCap > 0) CHECK(zero.max_rss_kb < 100 * 1024);  // sanitizers add their own

  std::string header = "y";
  for (int i = 0; i < 10001; ++i) header += ",c" + std::to_string(i);
  expect_refused(
      scratch,
      scratch.run({"run", "--model", "linear", "--data", scratch.write("wide.csv", header + "\n"),
                   "--sampler", "sgld", "--steps", "10"}),
      "10002 columns, more than the limit of 10000");

  expect_refused(scratch,
                 scratch.run({"run", "--target", "gauss2d", "--sampler", "sghmc", "--chains",
                              "100000", "--steps", "10"}),
                 "--chains must be in [1, 10000]");
  const auto huge =
      scratch.run({"run", "--target", "gauss2d", "--sampler", "sghmc", "--steps", "1000000000000"});
  expect_refused(scratch, huge, "record fewer draws with --thin");
  if (kAddressSpaceCap > 0) CHECK(huge.max_rss_kb < 100 * 1024);
  // The largest synthetic data set (4 GB) exceeds the budget only under the address-space cap;
  // the sanitizer tree runs without one (ASan cannot), where it would be generated and run.
  if (kAddressSpaceCap > 0)
    expect_refused(scratch,
                   scratch.run({"run", "--model", "logistic", "--synthetic",
                                "n=10000000,d=50,seed=1", "--sampler", "sgld", "--steps", "10"}),
                   "of data");

  std::string init = "0";
  for (int i = 0; i < 10000; ++i) init += ",0";
  expect_refused(scratch,
                 scratch.run({"run", "--target", "gauss2d", "--sampler", "sghmc", "--steps", "10",
                              "--init", init}),
                 "--init has 10001 values, more than any target has coordinates");
}

TEST_CASE("hostile scenario files name the file and what was expected", "[cli][hostile]") {
  const HostileScratch scratch("json");
  const auto overflow = scratch.run(
      {"run", "--scenario", scratch.write("o.json", kScenarioHead + ",\"steps\":1e400}")});
  expect_refused(scratch, overflow, "o.json: number overflow parsing '1e400' at line 1, column");
  CHECK(overflow.err.find("json.exception") == std::string::npos);

  expect_refused(
      scratch,
      scratch.run({"run", "--scenario",
                   scratch.write("deep.json", std::string(100, '[') + std::string(100, ']'))}),
      "nested deeper than the limit of 64 levels");
  expect_refused(scratch,
                 scratch.run({"run", "--scenario",
                              scratch.write("big.json", "[" + std::string(17u << 20, ' ') + "]")}),
                 "larger than the limit of 16 MiB");
  expect_refused(scratch, scratch.run({"run", "--scenario", "/dev/zero.json"}),
                 "cannot read scenario file /dev/zero.json");
  expect_refused(
      scratch,
      scratch.run({"run", "--scenario",
                   scratch.write("n.json", kScenarioHead + ",\"ensemble\":{\"chains\":4294967297,"
                                                           "\"steps\":1}}")}),
      "ensemble.chains must be at most 1000000");
  expect_refused(scratch,
                 scratch.run({"run", "--scenario",
                              scratch.write("nl.json",
                                            "{\"name\":\"a\",\"target\":{\"id\":"
                                            "\"harmonic\"},\"chains\":[{\"sampler\":"
                                            "\"no\\nsuch\"}]}")}),
                 "unknown sampler 'no\\x0asuch'");
}

TEST_CASE("runs that record nothing are reported plainly, never as nan", "[cli][hostile]") {
  const HostileScratch scratch("nodraws");
  expect_refused(scratch,
                 scratch.run({"run", "--target", "gauss2d", "--sampler", "sghmc", "--steps", "10",
                              "--init", "1e308,1e308"}),
                 "--init: the potential U is NaN at the start point");
  expect_refused(scratch,
                 scratch.run({"run", "--target", "chen-doublewell", "--sampler",
                              "sgld:step_size=10", "--steps", "10", "--init", "3"}),
                 "no sampler recorded a draw, nothing written (sgld: no draws: diverged at step 1");

  const auto mixed =
      scratch.run({"run", "--target", "chen-doublewell", "--sampler", "sgld:step_size=10",
                   "--sampler", "hmc", "--steps", "10", "--init", "3"});
  INFO("stdout: " << mixed.out << "stderr: " << mixed.err);
  REQUIRE(mixed.exit_code == 0);
  CHECK(mixed.out.find("no draws: diverged at step 1") != std::string::npos);
  CHECK(mixed.out.find("nan") == std::string::npos);
  const auto summary = nlohmann::json::parse(sgl_test::slurp(scratch.out() + "/summary.json"));
  CHECK(summary["samplers"][0]["no_draws"].get<std::string>().rfind("diverged at step 1", 0) == 0);
  CHECK(summary["samplers"][0]["coordinates"][0]["mean"].is_null());
  CHECK_FALSE(summary["samplers"][1].contains("no_draws"));
}

TEST_CASE("a long run shows progress and stops cleanly on SIGINT and SIGTERM", "[cli][hostile]") {
  const HostileScratch scratch("interrupt");
  const std::vector<std::string> endless = {"run",           "--target", "gauss2d",
                                            "--sampler",     "sghmc",    "--steps",
                                            "1000000000000", "--thin",   "1000000000"};
  const auto interrupted = scratch.run(endless, 3.0, SIGINT);
  INFO("stderr: " << interrupted.err);
  CHECK(interrupted.exited);
  CHECK(interrupted.exit_code == 130);
  CHECK(interrupted.err.find("run: ") != std::string::npos);  // a plain progress line
  CHECK(interrupted.err.find(" steps/s") != std::string::npos);
  CHECK(interrupted.err.find("ETA") != std::string::npos);
  CHECK(interrupted.err.find("interrupted: no output written") != std::string::npos);
  CHECK(scratch.nothing_written());

  std::vector<std::string> quiet = endless;
  quiet.push_back("--quiet");
  const auto terminated = scratch.run(quiet, 2.5, SIGTERM);
  INFO("stderr: " << terminated.err);
  CHECK(terminated.exit_code == 130);
  CHECK(terminated.err == "interrupted: no output written\n");
  CHECK(scratch.nothing_written());

  // 1 s in: the whole preset took 2.6 s on a quiet machine, so a signal at 2.5 s raced its end.
  const auto scenario = scratch.run({"run", "--scenario", "ewsg-fig1a"}, 1.0, SIGINT);
  INFO("stderr: " << scenario.err);
  CHECK(scenario.exit_code == 130);
  CHECK(scratch.nothing_written());
}
