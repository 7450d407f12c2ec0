// `run --target custom --potential EXPR` as a subprocess (issue 13): a typed potential runs and
// reports it; every kind of bad expression — empty, unknown function or variable, too many
// variables, a parse error, 10 000 characters, 10 000 parentheses, a density that cannot be
// normalised — exits 2 with one line, in bounded time and memory, writing nothing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

#if defined(SGL_SANITIZED)
constexpr unsigned long long kAddressSpaceCap = 0;
#else
constexpr unsigned long long kAddressSpaceCap = 1ULL << 30;
#endif

class CustomScratch {
 public:
  explicit CustomScratch(const std::string& name)
      : root_(fs::path(SGL_TEST_WORK_DIR) / ("custom-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_ / "runs");
  }
  std::string out() const { return (root_ / "runs" / "out").string(); }
  sgl_test::CappedResult run(std::vector<std::string> args) const {
    args.insert(args.end(), {"--out", out()});
    return sgl_test::run_capped(SGL_EXE, args, (root_ / "io").string(), 60.0, kAddressSpaceCap);
  }
  bool nothing_written() const { return fs::is_empty(root_ / "runs"); }

 private:
  fs::path root_;
};

std::vector<std::string> custom_run(const std::string& expression) {
  return {"run",       "--target", "custom",  "--potential", expression,
          "--sampler", "hmc",      "--steps", "20"};
}

}  // namespace

TEST_CASE("run --target custom --potential samples a typed banana and reports it",
          "[cli][custom]") {
  const CustomScratch scratch("banana");
  const std::string banana = "0.5*x^2 + 2*(y - 0.5*x^2)^2";
  const sgl_test::CappedResult result =
      scratch.run({"run", "--target", "custom", "--potential", banana, "--sampler",
                   "sghmc:noise_var=1", "--sampler", "hmc", "--steps", "200", "--seed", "3"});
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  const auto summary =
      nlohmann::json::parse(sgl_test::slurp(scratch.out() + "/summary.json"))["target"];
  CHECK(summary["id"] == "custom");
  CHECK(summary["potential"] == banana);
  CHECK(summary["dim"] == 2);
  CHECK(summary["names"] == nlohmann::json::array({"x", "y"}));
  REQUIRE(summary["window"].size() == 2);
  CHECK(summary["window"][1][1].get<double>() > 12.0);  // the ridge's height at the x edge

  // --potential alone implies the custom target; a 1-D potential has one coordinate x.
  const CustomScratch one_d("one-d");
  const sgl_test::CappedResult alone =
      one_d.run({"run", "--potential", "log(1 + exp(x)) - 0.3*x", "--sampler", "hmc", "--steps",
                 "50", "--target-param", "xmin=-40"});
  INFO("stderr: " << alone.err);
  REQUIRE(alone.exit_code == 0);
  const auto target =
      nlohmann::json::parse(sgl_test::slurp(one_d.out() + "/summary.json"))["target"];
  CHECK(target["names"] == nlohmann::json::array({"x"}));
  CHECK(target["params"]["xmin"] == -40);
  CHECK(target["window"][0][0] == -40);
}

TEST_CASE("list targets shows the custom target", "[cli][custom]") {
  const CustomScratch scratch("list");
  const sgl_test::CappedResult result = sgl_test::run_capped(
      SGL_EXE, {"list", "targets"}, scratch.out() + "-io", 30.0, kAddressSpaceCap);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("custom") != std::string::npos);
  CHECK(result.out.find("--potential") != std::string::npos);
  CHECK(result.out.find("xmin") != std::string::npos);
}

TEST_CASE("bad potentials exit 2 with one line, in bounded time and memory", "[cli][custom]") {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  std::string long_sum(1, 'x');
  long_sum.append(9998, '+').append("x");
  std::string deep(10000, '(');
  deep.append("x").append(10000, ')');
  std::string nested(150, '(');
  nested.append("x").append(150, ')');
  const std::vector<Case> cases = {
      {custom_run(""), "--target custom needs --potential"},
      {custom_run("   "), "potential: empty expression"},
      {custom_run("foo(x)"), "potential, column 1: unknown function 'foo'"},
      {custom_run("x^2 + z^2"), "potential, column 7: unknown variable 'z'"},
      {custom_run("x^2 + y^2 + w^2"), "unknown variable 'w' (a potential uses x, or x and y"},
      {custom_run("(x y"), "potential, column 4: expected ')'"},
      {custom_run("x^"), "potential, column 3: expected a number"},
      {custom_run(long_sum), "the expression has 10000 characters, more than the limit"},
      {custom_run(deep), "the expression has 20001 characters"},
      {custom_run(nested), "nested more than 100 levels deep"},
      {custom_run("-x^2"), "not normalisable"},
      {custom_run("y^2"), "not normalisable: the density does not fall off toward x"},
      {custom_run("log(abs(x)) + x^2"), "U → −∞"},
      {{"run", "--target", "gauss2d", "--potential", "x^2", "--sampler", "hmc", "--steps", "5"},
       "--potential applies to --target custom only"},
      {{"run", "--potential", "x^2", "--target-param", "ymin=1", "--sampler", "hmc", "--steps",
        "5"},
       "ymin applies to 2-D potentials"},
      {{"run", "--potential", "x^2", "--target-param", "xmin=1,xmax=0", "--sampler", "hmc",
        "--steps", "5"},
       "xmin must be below xmax"},
  };
  int index = 0;
  for (const Case& c : cases) {
    const CustomScratch scratch("bad-" + std::to_string(index++));
    const sgl_test::CappedResult result = scratch.run(c.args);
    INFO("expected '" << c.expected << "'; stderr: " << result.err.substr(0, 300));
    CHECK(result.exited);
    CHECK(result.exit_code == 2);
    CHECK(result.err.rfind("error: ", 0) == 0);
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK(result.err.find(c.expected) != std::string::npos);
    CHECK_FALSE(result.timed_out);  // the run's cap is 60 s
    CHECK(result.max_rss_kb < 200 * 1024);
    CHECK(scratch.nothing_written());
  }
}
