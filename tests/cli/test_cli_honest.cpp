// `run` says what every output is (issue 25), as a subprocess: summary.json's `kind` and
// `warnings` per sampler and the table's kind column and warning lines; DAIS's importance-weighted
// moments; with --data, the file's own n and d in target.params; typed potentials unbounded below
// or too wide refused with one line.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

class HonestScratch {
 public:
  explicit HonestScratch(const std::string& name)
      : root_(fs::path(SGL_TEST_WORK_DIR) / ("honest-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_ / "runs");
  }
  fs::path root() const { return root_; }
  std::string out() const { return (root_ / "runs" / "out").string(); }
  sgl_test::CappedResult run(std::vector<std::string> args, double timeout = 240.0) const {
    args.insert(args.end(), {"--out", out()});
    return sgl_test::run_capped(SGL_EXE, args, (root_ / "io").string(), timeout, 0);
  }
  nlohmann::json summary() const {
    return nlohmann::json::parse(sgl_test::slurp(out() + "/summary.json"));
  }

 private:
  fs::path root_;
};

bool contains(const nlohmann::json& warnings, const std::string& text) {
  for (const auto& warning : warnings)
    if (warning.get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("run --data: target.params give the file's n and d, not the synthetic defaults",
          "[cli][honest]") {
  const HonestScratch scratch("data_params");
  const fs::path data = scratch.root() / "data.csv";
  {
    std::ofstream csv(data);
    csv << "a,b,c,y\n";
    for (int k = 0; k < 7; ++k)
      csv << 0.1 * k << ',' << (k % 3) << ',' << -0.2 * k << ',' << (k % 2) << '\n';
  }
  const auto result = scratch.run(
      {"run", "--model", "logistic", "--data", data.string(), "--sampler", "hmc", "--steps", "10"});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto target = scratch.summary()["target"];
  CHECK(target["n_data"] == 7);
  CHECK(target["params"]["n"] == 7);
  CHECK(target["params"]["d"] == 3);
  CHECK_FALSE(target["params"].contains("seed"));
  CHECK(target["params"]["prior_sd"] == 10.0);
}

TEST_CASE("every sampler at its defaults on a regression says what it is", "[cli][honest]") {
  const HonestScratch scratch("kinds");
  const std::map<std::string, std::string> kinds = {
      {"hmc", "exact"},           {"naive-sghmc", "biased"},     {"sghmc", "asymptotic"},
      {"sgld", "asymptotic"},     {"sgd-momentum", "optimiser"}, {"sghmc-sgd", "asymptotic"},
      {"ewsg", "asymptotic"},     {"sgld-cv", "asymptotic"},     {"sghmc-cv", "asymptotic"},
      {"hmcecs", "exact"},        {"hmcecs-signed", "exact"},    {"dais", "variational"},
      {"ns-dais", "variational"}, {"sl-dais", "variational"}};
  std::vector<std::string> args = {"run",   "--target", "linear", "--target-param",
                                   "n=500", "--chains", "2",      "--steps",
                                   "400",   "--seed",   "4"};
  for (const auto& [id, kind] : kinds) args.insert(args.end(), {"--sampler", id});
  const auto result = scratch.run(args, 600.0);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto samplers = scratch.summary()["samplers"];
  REQUIRE(samplers.size() == kinds.size());
  for (const auto& entry : samplers) {
    const std::string id = entry["sampler"];
    INFO(id << ": " << entry["warnings"].dump());
    REQUIRE(entry.contains("kind"));
    CHECK(entry["kind"] == kinds.at(id));
    REQUIRE(entry["warnings"].is_array());
    if (entry["kind"] == "biased" || entry["kind"] == "optimiser" || entry["kind"] == "variational")
      CHECK_FALSE(entry["warnings"].empty());
    // Whatever else is off has its warning too.
    for (const auto& coordinate : entry["coordinates"])
      if (coordinate["rhat"].is_number() && coordinate["rhat"].get<double>() > 1.01)
        CHECK(contains(entry["warnings"], "R-hat > 1.01"));
    if (entry["accept_rate"].is_number() && entry["accept_rate"].get<double>() < 0.1)
      CHECK(contains(entry["warnings"], "< 0.1"));
    if (id.find("dais") != std::string::npos) CHECK(entry.contains("importance_weighted"));
  }
  const auto naive = std::find_if(samplers.begin(), samplers.end(),
                                  [](const auto& s) { return s["sampler"] == "naive-sghmc"; });
  CHECK(contains((*naive)["warnings"], "this is the failure the SGHMC paper corrects"));
  // The table: a kind column and the warnings in words.
  CHECK(result.out.find("  kind\n") != std::string::npos);
  CHECK(result.out.find("warning: naive SGHMC has no friction") != std::string::npos);
  CHECK(result.out.find("warning: SGD-momentum is an optimiser, not a sampler") !=
        std::string::npos);
  CHECK(result.out.find("importance-weighted by log w (Kish ESS") != std::string::npos);
}

TEST_CASE("DAIS reports importance-weighted moments and the weights' ESS", "[cli][honest][dais]") {
  const HonestScratch scratch("dais");
  const auto result =
      scratch.run({"run", "--target", "linear", "--target-param", "n=200", "--sampler",
                   "dais:K=2,iterations=200", "--steps", "500", "--seed", "2"});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto dais = scratch.summary()["samplers"][0];
  CHECK(dais["kind"] == "variational");
  REQUIRE(dais.contains("importance_weighted"));
  const auto weighted = dais["importance_weighted"];
  CHECK(weighted["draws"] == 500);
  CHECK(weighted["ess"].get<double>() > 1.0);
  CHECK(weighted["ess"].get<double>() <= 500.0);
  REQUIRE(weighted["coordinates"].size() == dais["coordinates"].size());
  for (const auto& coordinate : weighted["coordinates"]) {
    CHECK(coordinate["mean"].is_number());
    CHECK(coordinate["sd"].get<double>() > 0.0);
  }
}

TEST_CASE("typed potentials with poles or too wide for the window exit 2 with one line",
          "[cli][honest][custom]") {
  const HonestScratch scratch("potentials");
  const std::map<std::string, std::string> refusals = {
      {"x^2 + 1/x", "error: potential: U → −∞ near x = "},
      {"tan(x) + x^2", "error: potential: U → −∞ near x = "},
      {"1e-8*x^2", "error: potential: the density does not fall off within the ±1e4 search"},
      {"log(1+x^2)", "error: potential: the density does not fall off within the ±1e4 search"}};
  for (const auto& [expression, message] : refusals) {
    INFO(expression);
    const auto result =
        scratch.run({"run", "--potential", expression, "--sampler", "hmc", "--steps", "20"}, 60);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.err.starts_with(message));
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(scratch.out()));
  }
}
