// `run --record-trajectories`: trajectories.csv parses, has L + 1 rows per recorded iteration
// (2 for SGHMC), joins draws.csv on (sampler, chain, iter) with accepted paths ending at the
// draw and rejected ones starting there, leaves draws.csv byte-identical, honours the
// --max-trajectories cap, and is refused for samplers without leapfrog paths.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit_code = -1;
  std::string err;
};

fs::path scratch(const std::string& name) {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / name;
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

Result sgmcmc(const fs::path& root, const std::string& args) {
  const fs::path err = root / "stderr";
  const std::string command =
      std::string("'") + SGL_EXE + "' " + args + " >/dev/null 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, sgl_test::slurp(err)};
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    rows.push_back(fields);
  }
  return rows;
}

const std::string kRun =
    "run --target gauss2d --sampler hmc:step_size=0.45,leapfrog_steps=5 --sampler sghmc "
    "--steps 40 --burnin 10 --thin 2 --seed 3";

}  // namespace

TEST_CASE("run --record-trajectories writes every leapfrog point of the recorded draws",
          "[cli][trajectories]") {
  const fs::path root = scratch("trajectories_rows");
  const Result result =
      sgmcmc(root, kRun + " --record-trajectories --out '" + (root / "out").string() + "'");
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto rows = csv_rows(sgl_test::slurp(root / "out" / "trajectories.csv"));
  REQUIRE(!rows.empty());
  REQUIRE(rows[0] == std::vector<std::string>{"sampler", "chain", "iter", "leapfrog", "x", "y",
                                              "r_x", "r_y", "hamiltonian", "accepted"});
  // draws.csv by (sampler, iter): x, y, accepted.
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> draws;
  for (const auto& row : csv_rows(sgl_test::slurp(root / "out" / "draws.csv")))
    if (row[0] != "sampler") draws[{row[0], row[2]}] = {row[3], row[4], row[7]};

  // The rows of each (sampler, iter), in file order.
  std::map<std::pair<std::string, std::string>, std::vector<std::vector<std::string>>> paths;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const auto& row = rows[k];
    REQUIRE(row.size() == rows[0].size());
    for (std::size_t c = 3; c < row.size(); ++c) {
      std::size_t used = 0;
      std::stod(row[c], &used);  // throws on a non-number
      REQUIRE(used == row[c].size());
    }
    paths[{row[0], row[2]}].push_back(row);
  }
  REQUIRE(paths.size() == draws.size());  // 20 recorded draws per chain, each with its path
  int accepted = 0, rejected = 0;
  for (const auto& [key, path] : paths) {
    INFO(key.first << " iter " << key.second);
    REQUIRE(draws.count(key) == 1);
    const auto& draw = draws[key];
    REQUIRE(path.size() == (key.first == "hmc" ? 6u : 2u));
    for (std::size_t k = 0; k < path.size(); ++k) {
      REQUIRE(path[k][3] == std::to_string(k));
      REQUIRE(path[k][9] == draw[2]);  // the iteration's MH outcome on every row
    }
    const auto& where = draw[2] == "1" ? path.back() : path.front();
    REQUIRE(where[4] == draw[0]);
    REQUIRE(where[5] == draw[1]);
    (draw[2] == "1" ? accepted : rejected) += 1;
  }
  REQUIRE(accepted > 0);
  REQUIRE(rejected > 0);

  // Observing changes no draw.
  const Result plain = sgmcmc(root, kRun + " --out '" + (root / "plain").string() + "'");
  REQUIRE(plain.exit_code == 0);
  REQUIRE(sgl_test::slurp(root / "plain" / "draws.csv") ==
          sgl_test::slurp(root / "out" / "draws.csv"));
  REQUIRE_FALSE(fs::exists(root / "plain" / "trajectories.csv"));
}

TEST_CASE("run --max-trajectories caps the recorded iterations and says so",
          "[cli][trajectories]") {
  const fs::path root = scratch("trajectories_cap");
  const Result result = sgmcmc(root, kRun + " --record-trajectories --max-trajectories 3 --out '" +
                                         (root / "out").string() + "'");
  REQUIRE(result.exit_code == 0);
  REQUIRE(result.err.find("--max-trajectories") != std::string::npos);
  const auto rows = csv_rows(sgl_test::slurp(root / "out" / "trajectories.csv"));
  REQUIRE(rows.size() == 1 + 3 * 6 + 3 * 2);
}

TEST_CASE("run --record-trajectories refuses samplers without leapfrog paths",
          "[cli][trajectories]") {
  const fs::path root = scratch("trajectories_refused");
  const fs::path out = root / "out";
  const Result result = sgmcmc(root,
                               "run --target gauss2d --sampler hmc --sampler sgld --steps 10 "
                               "--record-trajectories --out '" +
                                   out.string() + "'");
  REQUIRE(result.exit_code == 2);
  REQUIRE(result.err.find("sgld records no leapfrog path per iteration") != std::string::npos);
  // The list of those that do comes from the catalogue (sgnht traces its path too).
  REQUIRE(result.err.find("hmc, naive-sghmc, sghmc") != std::string::npos);
  REQUIRE(result.err.find("sgnht") != std::string::npos);
  REQUIRE(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  REQUIRE_FALSE(fs::exists(out));
  const Result zero = sgmcmc(root,
                             "run --target gauss2d --sampler hmc --steps 10 "
                             "--record-trajectories --max-trajectories 0 --out '" +
                                 out.string() + "'");
  REQUIRE(zero.exit_code == 2);
  REQUIRE_FALSE(fs::exists(out));
}

TEST_CASE("trajectories.csv's size estimate counts each sampler's own leapfrog points",
          "[cli][trajectories]") {
  const fs::path root = scratch("trajectories_size");
  // naive SGHMC's leapfrog_steps is "resample r every L", not points per iteration: 2 rows per
  // iteration (7 MB here), where counting L + 1 announced (or refused) 3.7 GB.
  const Result naive = sgmcmc(root,
                              "run --target gauss2d --sampler naive-sghmc:leapfrog_steps=1000 "
                              "--steps 20000 --seed 1 --record-trajectories --out '" +
                                  (root / "naive").string() + "'");
  REQUIRE(naive.exit_code == 0);
  CHECK(naive.err.find("trajectories.csv will take") == std::string::npos);
  // NUTS's trees have no L: the estimate takes the largest tree (2^10 − 1 points), so 10^4
  // draws are announced, not silently counted as 2 rows each.
  const Result nuts = sgmcmc(root,
                             "run --target gauss2d --sampler nuts --steps 10000 --seed 1 "
                             "--record-trajectories --max-trajectories 10000 --out '" +
                                 (root / "nuts").string() + "'");
  REQUIRE(nuts.exit_code == 0);
  CHECK(nuts.err.find("trajectories.csv will take") != std::string::npos);
}
