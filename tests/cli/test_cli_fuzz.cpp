// A seeded fuzz test of the command line: generated `run` commands mixing valid and hostile
// flags, values, data files and scenario files, each run as a subprocess under a time and memory
// cap. The contract (issue 16): no signal and no hang; exit 0 only with finite results; otherwise
// exit 2 with exactly one line "error: ..." (never "internal:" or "out of memory", which are
// last-resort handlers). Prints the count per outcome and the largest peak RSS.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

#if defined(SGL_SANITIZED)
// The sanitizer tree is several times slower and cannot run under an address-space cap.
constexpr int kCases = 300;
constexpr unsigned long long kAddressSpaceCap = 0;
#else
constexpr int kCases = 1200;
constexpr unsigned long long kAddressSpaceCap = 2ULL << 30;  // 2 GiB
#endif
constexpr double kTimeoutSeconds = 20.0;
#if defined(SGL_SANITIZED)
// Without the cap, 10^7 × 51 synthetic doubles (4 GB) fit this machine's budget and would be built.
const char* const kHugeN = "100000";
#else
const char* const kHugeN = "10000000";                       // refused by the memory estimate under the 2 GiB cap
#endif

template <typename T>
const T& pick(std::mt19937_64& rng, const std::vector<T>& items) {
  return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

bool chance(std::mt19937_64& rng, double p) {
  return std::uniform_real_distribution<double>(0, 1)(rng) < p;
}

// Hostile files made at run time (the committed corpora of the libFuzzer harnesses are used too).
std::vector<std::string> make_hostile_files(const fs::path& dir) {
  fs::create_directories(dir);
  std::vector<std::string> files;
  auto add = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    files.push_back((dir / name).string());
  };
  add("long_line.csv", std::string(2u << 20, '1'));
  std::string columns = "y";
  for (int i = 0; i < 12000; ++i) columns += ",c" + std::to_string(i);
  add("many_columns.csv", columns + "\n");
  auto zeros = [](int count) {
    std::string list;
    for (int i = 0; i < count; ++i) list += i == 0 ? "0" : ",0";
    return list;
  };
  const std::string scenario_head =
      "{\"name\":\"x\",\"target\":{\"id\":\"harmonic\"},\"chains\":[{\"sampler\":\"sgld\"}],";
  add("big_init.json", scenario_head + "\"init\":[" + zeros(1000000) + "]}");
  add("long_init.json", scenario_head + "\"init\":[" + zeros(20000) + "]}");
  add("sweep_values.json",
      scenario_head + "\"sweep\":{\"param\":\"step_size\",\"values\":[" + zeros(500000) + "]}}");
  std::string many = "[";
  for (int i = 0; i < 3000000; ++i) many += "0,";
  add("huge.json", many + "0]");
  add("binary.csv", std::string("\x00\xff\x01\n\x80,\x7f\n", 8));
  add("not_logistic.csv", "x,y\n1,2\n2,3\n");
  files.push_back("/dev/zero");
  files.push_back("/dev/null");
  files.push_back(dir.string());
  files.push_back((dir / "does-not-exist.csv").string());
  return files;
}

// The seed corpora hold copies of the paper presets; their experiments take seconds to minutes
// even with --quick, which is no hostile input: they are left to the preset tests.
std::vector<std::string> corpus_files(const std::string& harness) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(SGL_FUZZ_CORPUS_DIR) / harness)) {
    const std::string name = entry.path().filename().string();
    if (name == "chen-fig3.json" || name == "ewsg-fig1a.json" || name == "hmcecs-logistic.json")
      continue;
    files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

const std::string kValidCsv = std::string(SGL_FUZZ_CORPUS_DIR) + "/fuzz_csv/valid_logistic.csv";
const std::vector<std::string> kTargets = {
    "harmonic", "chen-doublewell", "gauss2d", "banana",   "mixture",        "donut",
    "funnel",   "ewsg-gauss",      "linear",  "logistic", "no-such-target", ""};
// Typed potentials for --target custom: valid ones, and every way one can be refused.
const std::vector<std::string> kPotentials = {
    "0.5*x^2",
    "0.5*x^2 + 2*(y - 0.5*x^2)^2",
    "x - 2*log(x)",
    "-logaddexp(-0.5*((x - 2)^2 + y^2), -0.5*((x + 2)^2 + y^2))",
    "abs(x) + abs(y)",
    "exp(exp(exp(x))) + x^2",
    "x^2 + y^2 - 1e308*exp(-x^2)",
    "pow(x, 0.5) + x",
    "",
    "-x^2",
    "log(abs(x)) + x^2",
    "tan(x)^2",
    "0*x + 0*y",
    "sqrt(-1 - x^2)",
    "(x y",
    "x^2 + z^2",
    "1e999*x",
    std::string("x^2 + \x01"),
    std::string(10000, '('),
    std::string(3000, 'x')};
const std::vector<std::string> kSamplers = {
    "hmc",     "sghmc",    "naive-sghmc", "sgld",   "sgd-momentum",
    "sgld-cv", "sghmc-cv", "ewsg",        "hmcecs", "hmcecs-signed",
    "dais",    "ns-dais",  "sl-dais",     "bogus",  ""};
const std::vector<std::string> kParams = {
    "step_size", "friction",   "noise_var",      "leapfrog_steps", "batch_size",   "mh",
    "K",         "iterations", "resample_every", "mass",           "unknown_param"};
const std::vector<std::string> kValues = {"0.1",     "0.01",
                                          "1",       "2",
                                          "0",       "-1",
                                          "nan",     "NaN",
                                          "inf",     "-inf",
                                          "1e308",   "1e-320",
                                          "abc",     "",
                                          "3",       "10",
                                          "1e400",   "0x10",
                                          "true",    "auto",
                                          "uniform", "99999999999999999999",
                                          " 1",      "0.5,",
                                          "1e3"};
const std::vector<std::string> kCounts = {"1",
                                          "2",
                                          "10",
                                          "50",
                                          "200",
                                          "0",
                                          "-1",
                                          "abc",
                                          "",
                                          "1e3",
                                          "99999999999999999999",
                                          "18446744073709551616",
                                          "4294967297",
                                          "100000",
                                          "1000000000",
                                          "1000000000000"};
const std::vector<std::string> kInits = {"0",     "1,2",      "1e308,1e308", "nan",   "inf,0",
                                         "1,",    ",",        "abc",         "0,0,0", "-1",
                                         "1e400", "0.5,-0.5", "1e200,1e200"};

std::vector<std::string> generate_case(std::mt19937_64& rng, int index,
                                       const std::vector<std::string>& data_files,
                                       const std::vector<std::string>& scenario_files,
                                       const std::string& out) {
  std::vector<std::string> args = {"run", "--quiet"};
  const int kind = index % 10;
  if (kind >= 6) {  // a plausible run, where hostility comes from one value at most
    const bool data = chance(rng, 0.3);
    if (data)
      args.insert(args.end(), {"--model", "logistic", "--data", kValidCsv});
    else
      args.insert(
          args.end(),
          {"--target", pick(rng, std::vector<std::string>(kTargets.begin(), kTargets.end() - 2))});
    const std::vector<std::string> samplers = {"hmc", "sghmc", "naive-sghmc", "sgld",
                                               "sgd-momentum"};
    const int count = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int s = 0; s < count; ++s)
      args.insert(args.end(),
                  {"--sampler", pick(rng, samplers) + ":step_size=" +
                                    pick(rng, std::vector<std::string>{"0.001", "0.05", "0.2", "1",
                                                                       "5", "10"})});
    args.insert(args.end(),
                {"--steps", pick(rng, std::vector<std::string>{"1", "2", "3", "50", "300"})});
    if (chance(rng, 0.3)) args.insert(args.end(), {"--chains", "3"});
    if (chance(rng, 0.3)) args.insert(args.end(), {"--thin", "7"});
    if (chance(rng, 0.3)) args.insert(args.end(), {"--init", pick(rng, kInits)});
  } else if (kind == 0) {  // a scenario file or preset
    args.push_back("--scenario");
    args.push_back(chance(rng, 0.8) ? pick(rng, scenario_files)
                                    : pick(rng, std::vector<std::string>{"default", "nope", ""}));
    if (chance(rng, 0.9)) args.push_back("--quick");
  } else {
    if (kind <= 2) {
      args.insert(args.end(), {"--model", chance(rng, 0.5) ? "logistic" : "linear"});
      if (chance(rng, 0.7)) {
        args.insert(args.end(), {"--data", pick(rng, data_files)});
        if (chance(rng, 0.3))
          args.insert(args.end(), {"--response", chance(rng, 0.5) ? "y" : "c1"});
      } else {
        const std::string n = pick(rng, std::vector<std::string>{"50", "1000", "0", kHugeN, "x"});
        const std::string d = pick(rng, std::vector<std::string>{"2", "50", "0", "51"});
        args.insert(args.end(), {"--synthetic", "n=" + n + ",d=" + d + ",seed=1"});
      }
      if (chance(rng, 0.2)) args.insert(args.end(), {"--prior-sd", pick(rng, kValues)});
    } else {
      args.insert(args.end(), {"--target", pick(rng, kTargets)});
      // Every fourth decade of these cases types a potential instead (chosen by index, so the
      // random stream of the other cases stays as it was).
      if ((index / 10) % 4 == 0) {
        args.back() = "custom";
        args.insert(args.end(),
                    {"--potential", kPotentials[std::size_t(index / 40) % kPotentials.size()]});
      }
      if (chance(rng, 0.2))
        args.insert(args.end(),
                    {"--target-param",
                     pick(rng, std::vector<std::string>{"rho", "b", "separation", "sd", "n"}) +
                         "=" + pick(rng, kValues)});
    }
    const int samplers = std::uniform_int_distribution<int>(chance(rng, 0.05) ? 0 : 1, 3)(rng);
    for (int s = 0; s < samplers; ++s) {
      std::string spec = pick(rng, kSamplers);
      // DAIS trains for 2000 iterations by default: seconds per case.
      const bool trains = spec.find("dais") != std::string::npos;
      if (trains) spec += ":iterations=20";
      const int params = std::uniform_int_distribution<int>(0, 2)(rng);
      for (int p = 0; p < params; ++p)
        spec += std::string(p == 0 && !trains ? ":" : ",") + pick(rng, kParams) + "=" +
                pick(rng, kValues);
      args.insert(args.end(), {"--sampler", spec});
    }
    // Valid lengths stay short so the whole test is bounded; hostile ones are refused.
    args.insert(
        args.end(),
        {"--steps", chance(rng, 0.8) ? pick(rng, std::vector<std::string>{"1", "2", "20", "200"})
                                     : pick(rng, kCounts)});
    if (chance(rng, 0.3))
      args.insert(args.end(), {"--chains", chance(rng, 0.7) ? "2" : pick(rng, kCounts)});
    if (chance(rng, 0.2)) args.insert(args.end(), {"--thin", pick(rng, kCounts)});
    if (chance(rng, 0.2))
      args.insert(args.end(), {"--burnin", chance(rng, 0.6) ? "5" : pick(rng, kCounts)});
    if (chance(rng, 0.2)) args.insert(args.end(), {"--seed", pick(rng, kCounts)});
    if (chance(rng, 0.3)) args.insert(args.end(), {"--init", pick(rng, kInits)});
  }
  args.push_back("--out");
  args.push_back(chance(rng, 0.05)
                     ? pick(rng, std::vector<std::string>{"/proc/no/such", "/dev/null/x", "", "/"})
                     : out);
  return args;
}

// Exit 0: every sampler either reports a finite mean (with a finite sd and MCSE once its ESS is
// positive: a chain of one or two draws has none) or says plainly that it has no draws, and the
// table shows no "nan" or "inf" estimate.
bool finite_results(const fs::path& out, const std::string& table, std::string& why) {
  for (const char* bad : {"± inf", "± nan", "± -nan", "nan ±", "inf ±"})
    if (table.find(bad) != std::string::npos) {
      why = std::string("the table shows '") + bad + "'";
      return false;
    }
  const fs::path summary = out / "summary.json";
  if (!fs::exists(summary)) return true;  // a scenario with only a sweep or ensemble
  const auto root = nlohmann::json::parse(sgl_test::slurp(summary.string()));
  bool any_draws = false;
  for (const auto& sampler : root.at("samplers")) {
    if (sampler.contains("no_draws")) continue;
    any_draws = true;
    for (const auto& coordinate : sampler.at("coordinates"))
      for (const char* key : {"mean", "sd", "mcse"})
        if (!coordinate.at(key).is_number() &&
            (std::string(key) == "mean" || coordinate.at("ess") != 0)) {
          why = sampler.at("id").get<std::string>() + " " + key + " is not a finite number";
          return false;
        }
  }
  if (!any_draws) why = "exit 0 although no sampler has a draw";
  return any_draws;
}

// The kind of refusal, for the closing report.
std::string refusal_kind(const std::string& message) {
  const std::vector<std::pair<const char*, const char*>> kinds = {
      {"would hold about", "memory estimate over budget"},
      {"limit", "input size limit"},
      {"more than any target has", "input size limit"},
      {"values but target", "start point of the wrong length"},
      {"saved GUI session", "session file given to run"},
      {"no sampler recorded a draw", "no sampler drew (diverged)"},
      {"potential U", "non-finite start point"},
      {"cannot write to", "unwritable output directory"},
      {"cannot read scenario", "unreadable scenario file"},
      {"malformed JSON", "malformed JSON"},
      {"number overflow", "malformed JSON"},
      {"data file", "bad data file"},
      {"cannot open data file", "bad data file"},
      {"unknown", "unknown name, key or parameter"},
      {"out of range", "value out of range"},
      {"not a number", "value not a number"},
      {"must be", "value out of range"},
      {"at most", "value out of range"},
      {"expects", "value not a number"},
      {"needs", "invalid combination"},
      {"only", "invalid combination"},
      {"give", "missing or excluded flag"},
      {"required", "missing or excluded flag"},
      {"excludes", "missing or excluded flag"}};
  for (const auto& [needle, kind] : kinds)
    if (message.find(needle) != std::string::npos) return kind;
  return "other: " + message.substr(0, 60);
}

}  // namespace

TEST_CASE("fuzz: generated run commands keep the exit-code and one-line-error contract",
          "[cli][fuzz]") {
  const fs::path root = fs::path(SGL_TEST_WORK_DIR) / "fuzz";
  fs::remove_all(root);
  fs::create_directories(root / "runs");
  const std::vector<std::string> hostile = make_hostile_files(root / "hostile");
  std::vector<std::string> data_files = corpus_files("fuzz_csv");
  std::vector<std::string> scenario_files = corpus_files("fuzz_scenario");
  data_files.insert(data_files.end(), hostile.begin(), hostile.end());
  scenario_files.insert(scenario_files.end(), hostile.begin(), hostile.end());

  std::mt19937_64 rng(20240616);
  std::map<std::string, int> outcomes;
  long max_rss_kb = 0;
  std::vector<std::pair<double, std::string>> slowest;
  std::string max_rss_case;
  for (int i = 0; i < kCases; ++i) {
    const fs::path out = root / "runs" / "out";
    fs::remove_all(out);
    const std::vector<std::string> args =
        generate_case(rng, i, data_files, scenario_files, out.string());
    std::string command;
    for (const std::string& arg : args) command += " '" + arg.substr(0, 200) + "'";
    INFO("case " << i << ":" << command);
    const sgl_test::CappedResult result = sgl_test::run_capped(
        SGL_EXE, args, (root / "io").string(), kTimeoutSeconds, kAddressSpaceCap);
    INFO("exit " << result.exit_code << ", signal " << result.signal
                 << ", stderr: " << result.err.substr(0, 500));
    slowest.emplace_back(result.seconds, command);
    if (result.max_rss_kb > max_rss_kb) {
      max_rss_kb = result.max_rss_kb;
      max_rss_case = command;
    }
    REQUIRE_FALSE(result.timed_out);
    REQUIRE(result.exited);
    const bool one_line = !result.err.empty() &&
                          std::count(result.err.begin(), result.err.end(), '\n') == 1 &&
                          result.err.back() == '\n';
    if (result.exit_code == 0) {
      std::string why;
      const bool finite = finite_results(out, result.out, why);
      INFO(why);
      CHECK(finite);
      ++outcomes["exit 0 (finite results)"];
    } else {
      REQUIRE(result.exit_code == 2);
      CHECK(one_line);
      CHECK(result.err.rfind("error: ", 0) == 0);
      CHECK(result.err.find("internal") == std::string::npos);
      CHECK(result.err.find("out of memory") == std::string::npos);
      ++outcomes["exit 2: " + refusal_kind(result.err)];
    }
    for (const auto& entry : fs::directory_iterator(root / "runs"))
      CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
  }
  int exit0 = outcomes["exit 0 (finite results)"], exit2 = 0;
  for (const auto& [name, count] : outcomes)
    if (name.rfind("exit 2", 0) == 0) exit2 += count;
  std::printf("fuzz: %d cases: %d exit 0 with finite results, %d exit 2 with one line, 0 other\n",
              kCases, exit0, exit2);
  for (const auto& [name, count] : outcomes) std::printf("  %5d  %s\n", count, name.c_str());
  std::sort(slowest.rbegin(), slowest.rend());
  for (std::size_t i = 0; i < std::min<std::size_t>(3, slowest.size()); ++i)
    std::printf("fuzz: slow case %.1f s:%s\n", slowest[i].first, slowest[i].second.c_str());
  std::printf("fuzz: largest peak RSS %.1f MB, in:%s\n", double(max_rss_kb) / 1024.0,
              max_rss_case.c_str());
}
