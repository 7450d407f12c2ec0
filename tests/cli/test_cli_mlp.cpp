// `run --model mlp`: a Bayesian neural network from the command line, its named parameters in
// draws.csv, hidden=AxB, and bad options refused with exit code 2 and one line.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

sgl_test::CappedResult run(const fs::path& root, const std::string& name,
                           std::vector<std::string> extra) {
  std::vector<std::string> args = {
      "run",    "--model", "mlp",     "--steps", "200",
      "--seed", "3",       "--quiet", "--out",   (root / name).string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return sgl_test::run_capped(SGL_EXE, args, (root / ("io-" + name)).string(), 60.0, 0);
}

fs::path fresh_root() {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / "mlp";
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

}  // namespace

TEST_CASE("run --model mlp samples a network with named parameters", "[cli][mlp]") {
  const fs::path root = fresh_root();
  const auto result =
      run(root, "two-layers",
          {"--synthetic", "n=40", "--target-param", "hidden=4x3,activation=relu,noise_sd=0.3",
           "--sampler", "sghmc:step_size=0.002,friction=10,batch_size=10", "--sampler",
           "sgld:step_size=1e-5,batch_size=10"});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const std::string header = sgl_test::slurp((root / "two-layers" / "draws.csv").string());
  // 1 input, 4 and 3 relu units, 1 output: 8 + 15 + 4 parameters, w1[1,1] first, b3[1] last.
  CHECK(header.find("\"w1[1,1]\"") != std::string::npos);
  CHECK(header.find("\"w2[3,4]\"") != std::string::npos);
  CHECK(header.find("b3[1],potential") != std::string::npos);
}

TEST_CASE("run --model mlp refuses bad options in one line", "[cli][mlp]") {
  const fs::path root = fresh_root();
  const std::vector<std::vector<std::string>> cases = {
      {"--synthetic", "n=40", "--target-param", "hidden=0"},
      {"--synthetic", "n=40", "--target-param", "activation=sigmoid"},
      {"--synthetic", "n=40", "--prior-sd", "0"},
      {"--synthetic", "n=40", "--target-param", "likelihood=poisson"},
      {"--synthetic", "n=40,d=2"},  // inputs come from the likelihood, not d
  };
  int k = 0;
  for (std::vector<std::string> args : cases) {
    args.insert(args.end(), {"--sampler", "sgld"});
    const auto result = run(root, "bad" + std::to_string(k++), args);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.rfind("error: ", 0) == 0);
    CHECK(result.err.find('\n') == result.err.size() - 1);
  }
  const fs::path labels = root / "labels.csv";
  { std::ofstream(labels) << "x,y\n0.5,0\n1.5,2\n2.5,1.5\n"; }
  const auto fractional = run(
      root, "fractional",
      {"--data", labels.string(), "--target-param", "likelihood=categorical", "--sampler", "sgld"});
  const auto not_idx = run(root, "not-idx",
                           {"--data", labels.string(), "--data-format", "idx", "--target-param",
                            "likelihood=categorical", "--sampler", "sgld"});
  CHECK(not_idx.exit_code == 2);
  CHECK(not_idx.err.find("reads as csv") != std::string::npos);
  CHECK(fractional.exit_code == 2);
  CHECK(fractional.err.find("whole number") != std::string::npos);
  CHECK(fractional.err.find('\n') == fractional.err.size() - 1);
}
