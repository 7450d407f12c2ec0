// The command line, run as a subprocess: outputs, byte-identical repeats, and the contract for bad
// input (exit code 2, one line on stderr, nothing partially written). Every case works in its own
// scratch directory because ctest may run cases in parallel. Step counts are tiny: these tests
// check plumbing, not statistics.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string shell_quote(const std::string& arg) {
  std::string quoted = "'";
  for (char c : arg) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// A fresh directory per test case: `runs/` is where outputs go (and where leftovers are looked
// for), `io/` holds the captured stdout and stderr.
class Scratch {
 public:
  explicit Scratch(const std::string& name) : root_(fs::path(SGL_TEST_WORK_DIR) / name) {
    fs::remove_all(root_);
    fs::create_directories(runs());
    fs::create_directories(root_ / "io");
  }

  fs::path runs() const { return root_ / "runs"; }
  std::string run_path(const std::string& name) const { return (runs() / name).string(); }

  CommandResult sgmcmc(const std::vector<std::string>& args) const {
    std::string command = shell_quote(SGL_EXE);
    for (const std::string& arg : args) {
      command += ' ';
      command += shell_quote(arg);
    }
    const fs::path out = root_ / "io" / "stdout";
    const fs::path err = root_ / "io" / "stderr";
    command += " >";
    command += shell_quote(out.string());
    command += " 2>";
    command += shell_quote(err.string());
    const int status = std::system(command.c_str());
    CommandResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = sgl_test::slurp(out);
    result.err = sgl_test::slurp(err);
    return result;
  }

  // Names in runs/ that look like an abandoned staging directory.
  std::vector<std::string> leftovers() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(runs())) {
      const std::string name = entry.path().filename().string();
      if (name.find(".tmp-") != std::string::npos) names.push_back(name);
    }
    return names;
  }

 private:
  fs::path root_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> gauss2d_run(const std::string& out,
                                     std::initializer_list<std::string> extra) {
  std::vector<std::string> args = {
      "run",     "--target", "gauss2d", "--sampler", "sghmc", "--sampler", "hmc:leapfrog_steps=5",
      "--steps", "50",       "--seed",  "7",         "--out", out};
  args.insert(args.end(), extra);
  return args;
}

// The bad-input contract: exit 2, exactly one line on stderr that starts with "error:" and
// contains `expected`, and no output directory or staging directory left behind.
void expect_rejected(const Scratch& scratch, std::vector<std::string> args,
                     const std::string& expected) {
  const std::string out = scratch.run_path("out");
  args.push_back("--out");
  args.push_back(out);
  INFO("arguments end with --out " << out);
  const CommandResult result = scratch.sgmcmc(args);
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 2);
  CHECK(result.err.rfind("error: ", 0) == 0);
  CHECK(lines_of(result.err).size() == 1);
  CHECK(result.err.find(expected) != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  CHECK(scratch.leftovers().empty());
}

const char* const kLogisticCsv =
    "x1,x2,y\n"
    "0.5,1.0,1\n"
    "-1.2,0.3,0\n"
    "2.0,-0.7,1\n"
    "0.1,0.2,0\n"
    "-0.4,1.5,1\n"
    "1.1,-1.0,0\n";

}  // namespace

TEST_CASE("run writes draws.csv and summary.json for sghmc and hmc on gauss2d", "[cli]") {
  const Scratch scratch("basic_run");
  const std::string out = scratch.run_path("out");
  const CommandResult result = scratch.sgmcmc(gauss2d_run(out, {}));
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.err.empty());
  CHECK(result.out.find("sghmc") != std::string::npos);

  const std::vector<std::string> rows = lines_of(sgl_test::slurp(fs::path(out) / "draws.csv"));
  REQUIRE(rows.size() == 1 + 2 * 50);  // header + 50 draws per sampler
  CHECK(rows[0] == "sampler,chain,iter,x,y,potential,hamiltonian,accepted,divergent");
  CHECK(rows[1].rfind("sghmc,0,1,", 0) == 0);
  CHECK(rows[51].rfind("hmc,0,1,", 0) == 0);
  CHECK(rows[100].rfind("hmc,0,50,", 0) == 0);

  const auto summary = nlohmann::json::parse(sgl_test::slurp(fs::path(out) / "summary.json"));
  CHECK(summary["target"]["id"] == "gauss2d");
  CHECK(summary["seed"] == 7);
  REQUIRE(summary["samplers"].size() == 2);
  const auto& hmc = summary["samplers"][1];
  CHECK(hmc["id"] == "hmc");
  CHECK(hmc["params"]["leapfrog_steps"] == 5);
  CHECK(hmc["params"]["mh"] == true);
  CHECK(hmc["draws"] == 50);
  CHECK(hmc["coordinates"].size() == 2);
  CHECK(hmc["coordinates"][0]["name"] == "x");
  CHECK(hmc["accept_rate"].is_number());
  CHECK(summary["samplers"][0]["accept_rate"].is_null());  // SGHMC has no MH step
  CHECK(hmc.contains("tv_distance"));
  CHECK(scratch.leftovers().empty());
}

TEST_CASE("a signed sampler adds a sign column and sign-weighted summary fields", "[cli]") {
  const Scratch scratch("signed");
  const std::string out = scratch.run_path("out");
  const CommandResult result = scratch.sgmcmc(
      {"run", "--target", "logistic", "--target-param", "n=200", "--sampler",
       "hmcecs-signed:batch_size=1,lambda=10,a=-0.5,mass=hessian,step_size=0.2,leapfrog_steps=4",
       "--sampler", "hmc", "--steps", "40", "--out", out});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("sign-weighted") != std::string::npos);
  const std::vector<std::string> rows = lines_of(sgl_test::slurp(fs::path(out) / "draws.csv"));
  REQUIRE(rows.size() == 1 + 2 * 40);
  CHECK(rows[0] ==
        "sampler,chain,iter,intercept,x1,x2,potential,hamiltonian,accepted,divergent,sign");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::string last = rows[i].substr(rows[i].rfind(',') + 1);
    CHECK((last == "1" || last == "-1"));
    if (i > 40) CHECK(last == "1");  // hmc rows
  }
  const auto summary = nlohmann::json::parse(sgl_test::slurp(fs::path(out) / "summary.json"));
  const auto& signed_ecs = summary["samplers"][0];
  CHECK(signed_ecs["sampler"] == "hmcecs-signed");
  CHECK(signed_ecs["params"]["lambda"] == 10);
  CHECK(signed_ecs["sign_weighted"] == true);
  CHECK(signed_ecs["sign_positive_fraction"].is_number());
  CHECK(signed_ecs["mean_sign"].is_number());
  CHECK(signed_ecs["accept_rate_subsample"].is_number());
  CHECK(signed_ecs["loglik_var_mean"].is_number());
  CHECK(signed_ecs["subsample_fraction"] == Approx(10.0 * 1 / 200));
  CHECK(!summary["samplers"][1].contains("sign_weighted"));
  CHECK(!summary["samplers"][1].contains("sign_positive_fraction"));
}

TEST_CASE("the same command twice gives a byte-identical draws.csv", "[cli]") {
  const Scratch scratch("repeat");
  const std::string first = scratch.run_path("first");
  const std::string second = scratch.run_path("second");
  const auto extra = {std::string("--chains"), std::string("2"),      std::string("--burnin"),
                      std::string("10"),       std::string("--thin"), std::string("3")};
  REQUIRE(scratch.sgmcmc(gauss2d_run(first, extra)).exit_code == 0);
  REQUIRE(scratch.sgmcmc(gauss2d_run(second, extra)).exit_code == 0);
  const std::string draws = sgl_test::slurp(fs::path(first) / "draws.csv");
  CHECK(lines_of(draws).size() == 1 + 2 * 2 * 16);  // steps 11, 14, ..., 56 (burn-in excluded)
  CHECK(draws == sgl_test::slurp(fs::path(second) / "draws.csv"));
}

TEST_CASE("a repeated sampler id is labelled id#2", "[cli]") {
  const Scratch scratch("duplicate_ids");
  const std::string out = scratch.run_path("out");
  const CommandResult result =
      scratch.sgmcmc({"run", "--target", "harmonic", "--sampler", "sgld:step_size=0.01",
                      "--sampler", "sgld:step_size=0.1", "--steps", "3", "--out", out});
  REQUIRE(result.exit_code == 0);
  const std::vector<std::string> rows = lines_of(sgl_test::slurp(fs::path(out) / "draws.csv"));
  REQUIRE(rows.size() == 7);
  CHECK(rows[0] == "sampler,chain,iter,theta,potential,hamiltonian,accepted,divergent");
  CHECK(rows[1].rfind("sgld,0,1,", 0) == 0);
  CHECK(rows[4].rfind("sgld#2,0,1,", 0) == 0);
  const auto summary = nlohmann::json::parse(sgl_test::slurp(fs::path(out) / "summary.json"));
  CHECK(summary["samplers"][1]["id"] == "sgld#2");
  CHECK(summary["samplers"][1]["sampler"] == "sgld");
}

TEST_CASE("a run replaces an existing output directory as a whole", "[cli]") {
  const Scratch scratch("replace");
  const std::string out = scratch.run_path("out");
  fs::create_directories(out);
  write_file(fs::path(out) / "draws.csv", "old\n");
  write_file(fs::path(out) / "trajectories.csv", "old\n");
  write_file(fs::path(out) / "notes.txt", "kept\n");

  // A failing run leaves the old files alone...
  const CommandResult failed = scratch.sgmcmc({"run", "--target", "gauss2d", "--sampler",
                                               "hmc:step_size=nan", "--steps", "5", "--out", out});
  CHECK(failed.exit_code == 2);
  CHECK(sgl_test::slurp(fs::path(out) / "draws.csv") == "old\n");
  CHECK_FALSE(fs::exists(fs::path(out) / "summary.json"));

  // ...a folder with a file no run writes is not replaced (issue 26: DIR is swapped whole)...
  const CommandResult refused = scratch.sgmcmc(gauss2d_run(out, {}));
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("'notes.txt'") != std::string::npos);
  CHECK(sgl_test::slurp(fs::path(out) / "notes.txt") == "kept\n");

  // ...and once it holds only earlier outputs, a successful run leaves exactly its own files.
  fs::remove(fs::path(out) / "notes.txt");
  REQUIRE(scratch.sgmcmc(gauss2d_run(out, {})).exit_code == 0);
  CHECK(sgl_test::slurp(fs::path(out) / "draws.csv").rfind("sampler,chain,iter", 0) == 0);
  CHECK(fs::exists(fs::path(out) / "summary.json"));
  CHECK_FALSE(fs::exists(fs::path(out) / "trajectories.csv"));
  CHECK(scratch.leftovers().empty());
}

TEST_CASE("list targets and list samplers print every id and parameter", "[cli]") {
  const Scratch scratch("list");
  const CommandResult targets = scratch.sgmcmc({"list", "targets"});
  CHECK(targets.exit_code == 0);
  for (const char* id : {"chen-doublewell", "harmonic", "gauss2d", "linear", "logistic", "rho"})
    CHECK(targets.out.find(id) != std::string::npos);

  const CommandResult samplers = scratch.sgmcmc({"list", "samplers"});
  CHECK(samplers.exit_code == 0);
  for (const char* id : {"hmc", "naive-sghmc", "sghmc", "sgld", "sgd-momentum", "friction"})
    CHECK(samplers.out.find(id) != std::string::npos);

  const CommandResult json = scratch.sgmcmc({"list", "samplers", "--json"});
  REQUIRE(json.exit_code == 0);
  const auto parsed = nlohmann::json::parse(json.out);
  REQUIRE(parsed.is_array());
  CHECK(parsed[0].contains("params"));

  CHECK(scratch.sgmcmc({"list", "colours"}).exit_code == 2);
}

TEST_CASE("bad names and values are rejected with exit code 2 and no output", "[cli]") {
  const Scratch scratch("bad_values");
  const std::vector<std::string> base = {"run", "--steps", "5"};
  const auto with = [&](std::initializer_list<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra);
    return args;
  };
  SECTION("unknown target") {
    expect_rejected(scratch, with({"--target", "nope", "--sampler", "hmc"}), "nope");
  }
  SECTION("unknown sampler") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "nope"}), "nope");
  }
  SECTION("unknown sampler parameter") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "sghmc:fricton=1"}),
                    "fricton");
  }
  SECTION("out-of-range value") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc:step_size=-1"}),
                    "step_size");
  }
  SECTION("NaN value") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc:step_size=nan"}),
                    "step_size");
  }
  SECTION("garbage value") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc:step_size=0.1x"}),
                    "step_size");
  }
  SECTION("non-finite target parameter") {
    expect_rejected(scratch,
                    with({"--target", "gauss2d", "--target-param", "rho=inf", "--sampler", "hmc"}),
                    "rho");
  }
  SECTION("hmc takes no batch_size") {
    expect_rejected(scratch,
                    with({"--model", "logistic", "--synthetic", "n=20,d=2,seed=1", "--sampler",
                          "hmc:batch_size=5"}),
                    "batch_size");
  }
  SECTION("wrong --init length") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc", "--init", "1,2,3"}),
                    "init");
  }
  SECTION("non-finite --init") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc", "--init", "1,nan"}),
                    "init");
  }
  SECTION("zero or negative counts") {
    expect_rejected(scratch, {"run", "--target", "gauss2d", "--sampler", "hmc", "--steps", "0"},
                    "--steps");
    expect_rejected(
        scratch, {"run", "--target", "gauss2d", "--sampler", "hmc", "--steps", "5", "--thin", "-1"},
        "--thin");
  }
  SECTION("unknown flag") {
    expect_rejected(scratch, with({"--target", "gauss2d", "--sampler", "hmc", "--colour", "red"}),
                    "colour");
  }
}

TEST_CASE("bad data files are rejected naming the line and column", "[cli]") {
  const Scratch scratch("bad_data");
  const fs::path data = scratch.runs() / "data.csv";
  const auto logistic_on = [&](const std::string& csv) {
    write_file(data, csv);
    return std::vector<std::string>{"run",
                                    "--model",
                                    "logistic",
                                    "--data",
                                    data.string(),
                                    "--sampler",
                                    "sgld:step_size=0.001,batch_size=2",
                                    "--steps",
                                    "5"};
  };
  SECTION("ragged row") {
    expect_rejected(scratch, logistic_on("x1,x2,y\n0.5,1.0,1\n0.3,0\n"), "line 3, column 3");
  }
  SECTION("non-0/1 response") {
    expect_rejected(scratch, logistic_on("x1,x2,y\n0.5,1.0,1\n0.3,0.2,2\n"), "line 3, column 3");
  }
  SECTION("non-finite datum") {
    expect_rejected(scratch, logistic_on("x1,x2,y\n0.5,inf,1\n0.3,0.2,0\n"), "line 2, column 2");
  }
  SECTION("not a number") {
    expect_rejected(scratch, logistic_on("x1,x2,y\n0.5,1.0,1\nabc,0.2,0\n"), "line 3, column 1");
  }
  SECTION("missing file") {
    expect_rejected(scratch,
                    {"run", "--model", "linear", "--data", (scratch.runs() / "none.csv").string(),
                     "--sampler", "hmc", "--steps", "5"},
                    "none.csv");
  }
}

TEST_CASE("an unwritable output directory is rejected before sampling", "[cli]") {
  const Scratch scratch("unwritable");
  const std::vector<std::string> args = {"run", "--target", "gauss2d", "--sampler",
                                         "hmc", "--steps",  "5",       "--out"};

  std::vector<std::string> under_proc = args;
  under_proc.push_back("/proc/forbidden/out");
  const CommandResult proc = scratch.sgmcmc(under_proc);
  CHECK(proc.exit_code == 2);
  CHECK(proc.err.rfind("error: cannot write to /proc/forbidden/out: ", 0) == 0);
  CHECK(lines_of(proc.err).size() == 1);

  const fs::path file = scratch.runs() / "a-file";
  write_file(file, "not a directory\n");
  std::vector<std::string> under_file = args;
  under_file.push_back((file / "out").string());
  const CommandResult not_dir = scratch.sgmcmc(under_file);
  CHECK(not_dir.exit_code == 2);
  CHECK(not_dir.err.find("cannot write to") != std::string::npos);
  CHECK(lines_of(not_dir.err).size() == 1);

  std::vector<std::string> onto_file = args;
  onto_file.push_back(file.string());
  CHECK(scratch.sgmcmc(onto_file).exit_code == 2);
  CHECK(sgl_test::slurp(file) == "not a directory\n");
  CHECK(scratch.leftovers().empty());
}

TEST_CASE("a hand-written CSV runs with --model logistic and --model linear", "[cli]") {
  const Scratch scratch("hand_written_csv");
  const fs::path data = scratch.runs() / "data.csv";
  write_file(data, kLogisticCsv);
  for (const std::string model : {"logistic", "linear"}) {
    const std::string out = scratch.run_path(model);
    const CommandResult result =
        scratch.sgmcmc({"run", "--model", model, "--data", data.string(), "--prior-sd", "5",
                        "--sampler", "hmc:step_size=0.05,leapfrog_steps=5", "--sampler",
                        "sghmc:step_size=0.01,batch_size=3", "--steps", "20", "--out", out});
    INFO(model << " stderr: " << result.err);
    REQUIRE(result.exit_code == 0);
    const std::vector<std::string> rows = lines_of(sgl_test::slurp(fs::path(out) / "draws.csv"));
    REQUIRE(rows.size() == 1 + 2 * 20);
    CHECK(rows[0] == "sampler,chain,iter,intercept,x1,x2,potential,hamiltonian,accepted,divergent");
    const auto summary = nlohmann::json::parse(sgl_test::slurp(fs::path(out) / "summary.json"));
    CHECK(summary["target"]["n_data"] == 6);
    CHECK(summary["target"]["params"]["prior_sd"] == 5.0);
  }

  // A response column under another name.
  write_file(data, "x,outcome\n0.5,1\n-1,0\n2,1\n0.1,0\n");
  const CommandResult renamed = scratch.sgmcmc(
      {"run", "--model", "logistic", "--data", data.string(), "--response", "outcome", "--sampler",
       "hmc", "--steps", "5", "--out", scratch.run_path("renamed")});
  INFO("stderr: " << renamed.err);
  CHECK(renamed.exit_code == 0);
}

#ifdef SGL_EXPECT_FIGURES
// run --out also writes the GUI's views as SVG (built with the GUI's plotting code only).
namespace {

bool xmllint_accepts(const fs::path& svg) {
  const std::string command = "xmllint --noout " + shell_quote(svg.string()) + " 2>&1";
  return std::system(command.c_str()) == 0;
}

}  // namespace

TEST_CASE("run --out writes slide-sized SVG figures that xmllint accepts", "[cli][figures]") {
  const Scratch scratch("figures");
  const std::string out = scratch.run_path("gauss2d");
  const CommandResult result =
      scratch.sgmcmc({"run", "--target", "gauss2d", "--sampler", "sghmc:step_size=0.1", "--sampler",
                      "sgld:step_size=0.05", "--steps", "400", "--out", out});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("trace.svg") != std::string::npos);
  for (const char* name : {"trace.svg", "phase_space.svg", "histogram.svg", "autocorrelation.svg",
                           "energy.svg", "target.svg"}) {
    INFO(name);
    const fs::path path = fs::path(out) / name;
    REQUIRE(fs::exists(path));
    CHECK(xmllint_accepts(path));
    const std::string svg = sgl_test::slurp(path);
    CHECK(svg.find("viewBox=\"0 ") != std::string::npos);
    CHECK(svg.find("width=\"1280\" height=\"720\"") != std::string::npos);
    // Readable: tick labels and the chains' legend entries are text.
    CHECK(svg.find("<text") != std::string::npos);
    CHECK(svg.find(">sghmc #0") != std::string::npos);
  }
  // Axis labels with units: steps and the coordinate names.
  CHECK(sgl_test::slurp(fs::path(out) / "trace.svg").find(">step</text>") != std::string::npos);
  CHECK(sgl_test::slurp(fs::path(out) / "histogram.svg").find(">density</text>") !=
        std::string::npos);

  // 1-D targets have no target figure.
  const std::string one_d = scratch.run_path("harmonic");
  REQUIRE(scratch
              .sgmcmc({"run", "--target", "harmonic", "--sampler", "sgld", "--steps", "50", "--out",
                       one_d})
              .exit_code == 0);
  CHECK(fs::exists(fs::path(one_d) / "trace.svg"));
  CHECK_FALSE(fs::exists(fs::path(one_d) / "target.svg"));
}

TEST_CASE("SVG figures escape coordinate names for XML", "[cli][figures]") {
  const Scratch scratch("figures_escaping");
  const fs::path data = scratch.runs() / "data.csv";
  write_file(data, "y,\"a<b&c\"\n0.5,1\n-1,0.2\n2,1.5\n0.1,-0.3\n");
  const std::string out = scratch.run_path("linear");
  const CommandResult result = scratch.sgmcmc({"run", "--model", "linear", "--data", data.string(),
                                               "--sampler", "hmc", "--steps", "30", "--out", out});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  const fs::path target = fs::path(out) / "target.svg";
  REQUIRE(fs::exists(target));
  CHECK(xmllint_accepts(target));
  CHECK(sgl_test::slurp(target).find("a&lt;b&amp;c") != std::string::npos);
}
#endif
TEST_CASE("sl-dais trains, then writes its draws and the ELBO, trace and schedule", "[cli][dais]") {
  const Scratch scratch("dais_run");
  const std::string out = scratch.run_path("out");
  const CommandResult result =
      scratch.sgmcmc({"run", "--model", "logistic", "--synthetic", "n=300,d=2,seed=3", "--sampler",
                      "sl-dais:K=4,surrogate_points=32,batch_size=32,iterations=40", "--steps",
                      "25", "--seed", "5", "--out", out});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("ELBO") != std::string::npos);
  const std::vector<std::string> rows = lines_of(sgl_test::slurp(fs::path(out) / "draws.csv"));
  REQUIRE(rows.size() == 1 + 25);
  CHECK(rows[1].rfind("sl-dais,0,41,", 0) == 0);  // draws follow the 40 training iterations
  const auto summary = nlohmann::json::parse(sgl_test::slurp(fs::path(out) / "summary.json"));
  const auto& dais = summary["samplers"][0];
  CHECK(dais["params"]["K"] == 4);
  CHECK(dais["elbo"]["estimate"].is_number());
  CHECK(dais["elbo"]["se"].is_number());
  CHECK(dais["elbo"]["samples"] == 25);
  CHECK(dais["elbo_trace"]["elbo"].size() == 40);
  CHECK(dais["beta"].size() == 4);
  CHECK(dais["beta"][3] == 1.0);
  CHECK(dais["step_size"].is_number());
  CHECK(dais["gamma"].is_number());
  CHECK(dais["training_seconds"].is_number());

  const CommandResult analytic = scratch.sgmcmc(
      {"run", "--target", "gauss2d", "--sampler", "dais", "--steps", "5", "--out", out + "2"});
  CHECK(analytic.exit_code == 2);
  CHECK(analytic.err.find("data targets only") != std::string::npos);
}
