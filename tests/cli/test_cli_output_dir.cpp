// Output folders are never mixed (issue 26): a run replaces DIR as a whole, so DIR afterwards holds
// exactly this run's files; a run that fails leaves the earlier DIR untouched; staging folders of
// killed processes (DIR.tmp-PID) are removed by the next run; and a DIR holding files that no run
// writes is refused rather than replaced.
#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

class FolderScratch {
 public:
  explicit FolderScratch(const std::string& name)
      : root_(fs::path(SGL_TEST_WORK_DIR) / ("outdir-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_ / "runs");
  }
  fs::path out() const { return root_ / "runs" / "out"; }
  fs::path runs() const { return root_ / "runs"; }
  sgl_test::CappedResult run(std::vector<std::string> args, double interrupt_after = 0.0,
                             int signal_number = SIGINT) const {
    args.insert(args.end(), {"--out", out().string(), "--quiet"});
    return sgl_test::run_capped(SGL_EXE, args, (root_ / "io").string(), 120.0, 0, interrupt_after,
                                signal_number);
  }

 private:
  fs::path root_;
};

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename());
  return names;
}

const std::vector<std::string> kHmcRun = {"run", "--target", "gauss2d", "--sampler",
                                          "hmc", "--steps",  "20",      "--record-trajectories"};
const std::vector<std::string> kSgldRun = {"run",  "--target", "gauss2d", "--sampler",
                                           "sgld", "--steps",  "20"};

// Runs for hours (10^10 steps, 10^4 draws kept): stopped by a signal in the tests.
const std::vector<std::string> kEndlessRun = {"run",         "--target", "gauss2d",
                                              "--sampler",   "sgld",     "--steps",
                                              "10000000000", "--thin",   "1000000"};

}  // namespace

TEST_CASE("a run into a used DIR leaves only its own files", "[cli][outdir]") {
  const FolderScratch scratch("stale");
  const auto first = scratch.run(kHmcRun);
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  REQUIRE(fs::exists(scratch.out() / "trajectories.csv"));

  // The second run writes no trajectories: the first run's file must not survive beside it.
  const auto second = scratch.run(kSgldRun);
  INFO(second.err);
  REQUIRE(second.exit_code == 0);
  const std::set<std::string> after = names_in(scratch.out());
  CHECK(after.count("trajectories.csv") == 0);
  CHECK(after.count("draws.csv") == 1);
  const std::string draws = sgl_test::slurp((scratch.out() / "draws.csv").string());
  CHECK(draws.find("hmc") == std::string::npos);  // the new run's draws, not the old ones
  CHECK(names_in(scratch.runs()) == std::set<std::string>{"out"});  // no staging left
}

TEST_CASE("a failed run leaves the earlier DIR untouched", "[cli][outdir]") {
  const FolderScratch scratch("failed");
  REQUIRE(scratch.run(kSgldRun).exit_code == 0);
  const std::set<std::string> before = names_in(scratch.out());
  const std::string draws_before = sgl_test::slurp((scratch.out() / "draws.csv").string());

  // A run stopped by SIGTERM after it has claimed DIR.
  const auto interrupted = scratch.run(kEndlessRun, 1.0, SIGTERM);
  CHECK(interrupted.exit_code == 130);
  CHECK(names_in(scratch.out()) == before);
  CHECK(sgl_test::slurp((scratch.out() / "draws.csv").string()) == draws_before);

  // The case: a directory named trace.svg inside DIR. The run is refused before it starts
  // (DIR holds something no run writes) and DIR keeps every file.
  fs::remove(scratch.out() / "trace.svg");
  fs::create_directory(scratch.out() / "trace.svg");
  const std::set<std::string> blocked_before = names_in(scratch.out());
  const auto blocked = scratch.run(kHmcRun);
  INFO(blocked.err);
  CHECK(blocked.exit_code == 2);
  CHECK(blocked.err.find("cannot replace") != std::string::npos);
  CHECK(std::count(blocked.err.begin(), blocked.err.end(), '\n') == 1);
  CHECK(sgl_test::slurp((scratch.out() / "draws.csv").string()) == draws_before);
  CHECK(fs::is_directory(scratch.out() / "trace.svg"));
  CHECK(names_in(scratch.out()) == blocked_before);
  CHECK(names_in(scratch.runs()) == std::set<std::string>{"out"});
}

TEST_CASE("a DIR holding files no run writes is refused, not replaced", "[cli][outdir]") {
  const FolderScratch scratch("foreign");
  fs::create_directories(scratch.out());
  std::ofstream(scratch.out() / "notes.md") << "my notes\n";
  const auto refused = scratch.run(kSgldRun);
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("'notes.md'") != std::string::npos);
  CHECK(names_in(scratch.out()) == std::set<std::string>{"notes.md"});
}

TEST_CASE("staging folders of killed runs are removed by the next run", "[cli][outdir]") {
  const FolderScratch scratch("killed");
  // A real kill -9 mid-run leaves DIR.tmp-<its pid>.
  const auto killed = scratch.run(kEndlessRun, 1.0, SIGKILL);
  CHECK(killed.signal == SIGKILL);
  std::set<std::string> leftovers;
  for (const std::string& name : names_in(scratch.runs()))
    if (name.rfind("out.tmp-", 0) == 0) leftovers.insert(name);
  CHECK(leftovers.size() == 1);
  // One more, of a PID that cannot be running (above pid_max), with a file in it; and the
  // staging folder of a live process (ours), which must be left alone.
  fs::create_directories(scratch.runs() / "out.tmp-999999999");
  std::ofstream(scratch.runs() / "out.tmp-999999999" / "draws.csv") << "partial\n";
  const std::string live = "out.tmp-" + std::to_string(::getpid());
  fs::create_directories(scratch.runs() / live);

  const auto next = scratch.run(kSgldRun);
  INFO(next.err);
  REQUIRE(next.exit_code == 0);
  CHECK(names_in(scratch.runs()) == std::set<std::string>{"out", live});
  fs::remove_all(scratch.runs() / live);
}
