// A named pipe (FIFO) with no writer given as a data or scenario file (issue 26): it blocked in
// open() for ever, and SIGTERM then gave exit 2 instead of 130. Now it is opened without
// blocking and refused as "a named pipe that nothing writes to": one line, exit 2, at once. A pipe
// that has a writer (what
// `--data <(zcat data.csv.gz)` gives) is still read.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

fs::path fifo_scratch() {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / "fifo";
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

void expect_one_line_refusal(const sgl_test::CappedResult& result, const std::string& path) {
  INFO("stderr: " << result.err.substr(0, 400));
  CHECK_FALSE(result.timed_out);  // before: blocked in open() until killed
  CHECK(result.seconds < 5.0);
  CHECK(result.exited);
  CHECK(result.exit_code == 2);
  CHECK(result.err.rfind("error: ", 0) == 0);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  CHECK(result.err.find(path) != std::string::npos);
  CHECK(result.err.find("a named pipe that nothing writes to") != std::string::npos);
  CHECK(result.err.find("internal") == std::string::npos);
}

}  // namespace

TEST_CASE("a FIFO with no writer as a data or scenario file is refused at once with one line",
          "[cli][hostile][fifo]") {
  const fs::path root = fifo_scratch();
  const std::string data = (root / "data.csv").string();
  const std::string scenario = (root / "scenario.json").string();
  REQUIRE(::mkfifo(data.c_str(), 0600) == 0);
  REQUIRE(::mkfifo(scenario.c_str(), 0600) == 0);
  const std::string io = (root / "io").string();
  const std::string out = (root / "out").string();

  expect_one_line_refusal(sgl_test::run_capped(SGL_EXE,
                                               {"run", "--model", "logistic", "--data", data,
                                                "--sampler", "sgld", "--steps", "10", "--out", out},
                                               io, 20.0, 0),
                          data);
  expect_one_line_refusal(
      sgl_test::run_capped(SGL_EXE, {"run", "--scenario", scenario, "--out", out}, io, 20.0, 0),
      scenario);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("a FIFO with a writer is read as a data file", "[cli][fifo]") {
  const fs::path root = fifo_scratch();
  const std::string data = (root / "data.csv").string();
  REQUIRE(::mkfifo(data.c_str(), 0600) == 0);
  // The writer opens first (blocking until the reader comes), as a shell's `<(...)` does.
  std::thread writer([&] {
    std::ofstream pipe(data);
    pipe << "y,x\n";
    for (int i = 0; i < 200; ++i) pipe << (i % 3 == 0 ? 1 : 0) << "," << (i % 7) * 0.1 << "\n";
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto result =
      sgl_test::run_capped(SGL_EXE,
                           {"run", "--model", "logistic", "--data", data, "--sampler", "sgld",
                            "--steps", "100", "--out", (root / "out").string(), "--quiet"},
                           (root / "io").string(), 60.0, 0);
  writer.join();
  INFO("stderr: " << result.err.substr(0, 400));
  CHECK(result.exit_code == 0);
  CHECK(fs::exists(root / "out" / "draws.csv"));
}
