// `sgmcmc-lab gradnoise`: the JSON it writes (keys, shapes, a covariance that is symmetric and
// near the exact one) for a CSV regression and an analytic target, and the bad-input contract
// (exit 2, one line, nothing written).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit_code = -1;
  std::string err;
};

std::string quoted(const std::string& arg) {
  std::string text = "'";
  for (char c : arg) {
    if (c == '\'') {
      text += "'\\''";
    } else {
      text += c;
    }
  }
  text += '\'';
  return text;
}

fs::path scratch(const std::string& name) {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / name;
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

Result gradnoise(const fs::path& root, const std::vector<std::string>& args) {
  std::string command = quoted(SGL_EXE);
  command += " gradnoise";
  for (const std::string& arg : args) {
    command += ' ';
    command += quoted(arg);
  }
  const fs::path err = root / "stderr";
  command += " >/dev/null 2>";
  command += quoted(err.string());
  const int status = std::system(command.c_str());
  std::ifstream in(err);
  std::ostringstream text;
  text << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

const std::string kCsv = std::string(SGL_SOURCE_DIR) + "/docs/examples/mydata.csv";

}  // namespace

TEST_CASE("gradnoise writes gradnoise.json for a CSV regression at the MAP", "[cli][gradnoise]") {
  const fs::path root = scratch("gradnoise_csv");
  const fs::path out = root / "out";
  const Result result =
      gradnoise(root, {"--model",    "linear",  "--data",       kCsv,
                       "--response", "outcome", "--prior-sd",   "5",
                       "--at",       "map",     "--batch-size", "30",
                       "--samples",  "3000",    "--sampling",   "without_replacement",
                       "--seed",     "4",       "--out",        out.string()});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  std::ifstream in(out / "gradnoise.json");
  const auto json = nlohmann::json::parse(in);
  for (const char* key : {"theta", "full_gradient", "minibatch_cov", "exact_cov", "sampling",
                          "control_variate_cov", "control_variate2_cov", "batch_size"})
    CHECK(json.contains(key));
  CHECK(json["sampling"] == "without_replacement");
  CHECK(json["theta"].size() == 3);
  CHECK(json["exact_cov"].size() == 3);
  // Empirical against exact: the trace within 15 % at K = 3000 (its relative standard error is a
  // few per cent here).
  double empirical = 0, exact = 0;
  for (int i = 0; i < 3; ++i) {
    empirical += json["minibatch_cov"][i][i].get<double>();
    exact += json["exact_cov"][i][i].get<double>();
    CHECK(json["minibatch_cov"][i][(i + 1) % 3] == json["minibatch_cov"][(i + 1) % 3][i]);
  }
  CHECK(exact > 0);
  CHECK(std::abs(empirical - exact) < 0.15 * exact);
  // At the MAP the control variates cancel the noise.
  CHECK(std::abs(json["control_variate_cov"][0][0].get<double>()) < 1e-9 * exact);
}

TEST_CASE("gradnoise on an analytic target reports the injected noise", "[cli][gradnoise]") {
  const fs::path root = scratch("gradnoise_analytic");
  const fs::path out = root / "out";
  const Result result = gradnoise(root, {"--target", "chen-doublewell", "--at", "0.5",
                                         "--noise-var", "2", "--out", out.string()});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  std::ifstream in(out / "gradnoise.json");
  const auto json = nlohmann::json::parse(in);
  CHECK(json["sampling"] == "injected_gaussian");
  CHECK(json["exact_cov"][0][0].get<double>() == 2.0);
  CHECK_FALSE(json.contains("control_variate_cov"));
}

TEST_CASE("gradnoise refuses bad input with one line and exit 2", "[cli][gradnoise]") {
  const fs::path root = scratch("gradnoise_bad");
  const std::string out = (root / "out").string();
  const std::vector<std::string> data = {"--model", "logistic",   "--data",
                                         kCsv,      "--response", "outcome"};
  const auto with = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), tail.begin(), tail.end());
    head.insert(head.end(), {"--out", out});
    return head;
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {with(data, {"--at", "1,2"}), "--at has 2 values"},
      {with(data, {"--at", "1,nan,3"}), "--at expects"},
      {with(data, {"--at", "map", "--batch-size", "0"}), "--batch-size"},
      {with(data, {"--at", "map", "--samples", "1"}), "--samples"},
      {with(data, {"--at", "map", "--sampling", "sometimes"}), "--sampling"},
      {with(data, {"--at", "map", "--noise-var", "4"}), "--noise-var applies"},
      {with(data, {}), "--at is required"},
      {with({"--target", "chen-doublewell"}, {"--at", "map"}), "--at map needs"},
      {with({"--target", "chen-doublewell"}, {"--at", "0", "--batch-size", "4"}), "--batch-size"},
      {with({"--model", "logistic", "--data", (root / "missing.csv").string()}, {"--at", "map"}),
       "missing.csv"},
  };
  for (const auto& [args, expected] : cases) {
    const Result result = gradnoise(root, args);
    INFO(args[args.size() - 3] << " " << args[args.size() - 4] << ": " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.rfind("error: ", 0) == 0);
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK(result.err.find(expected) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
  // An unwritable output directory: refused before the work, one line.
  const Result unwritable =
      gradnoise(root, {"--target", "gauss2d", "--at", "0,0", "--out", "/proc/gradnoise"});
  CHECK(unwritable.exit_code == 2);
  CHECK(unwritable.err.find("cannot write") != std::string::npos);
}
