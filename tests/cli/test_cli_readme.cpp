// Every `sgmcmc-lab run` and `gradnoise` example in README.md runs as written, with fewer steps:
// the command is taken from the README's ```sh code blocks (backslash continuations joined,
// trailing comment cut),
// `--steps`, `--burnin` and DAIS `iterations=` are capped and scenarios get `--quick`, and it
// runs in a scratch directory that sees the repository's docs/ and assets/ (so relative paths
// in the examples resolve and `out/...` lands in the scratch directory, which has no out/ yet).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<std::string> readme_run_examples() {
  std::ifstream in(fs::path(SGL_SOURCE_DIR) / "README.md");
  REQUIRE(in.good());
  std::vector<std::string> commands;
  std::string line, pending;
  bool in_code = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) {
      // Examples are in ```sh blocks; the plain ``` blocks hold synopses with placeholders.
      in_code = !in_code && line.rfind("```sh", 0) == 0;
      pending.clear();
      continue;
    }
    if (!in_code) continue;
    if (pending.empty()) {
      const auto start = line.find_first_not_of(' ');
      if (start == std::string::npos) continue;
      const std::string text = line.substr(start);
      const bool runs = text.rfind("./build/sgmcmc-lab run ", 0) == 0 ||
                        text.rfind("sgmcmc-lab run ", 0) == 0 ||
                        text.rfind("./build/sgmcmc-lab gradnoise ", 0) == 0;
      if (!runs) continue;
      pending = text;
    } else {
      pending += ' ';
      pending += line.substr(line.find_first_not_of(' '));
    }
    if (!pending.empty() && pending.back() == '\\') {
      pending.pop_back();
      continue;
    }
    const auto comment = pending.find(" #");
    if (comment != std::string::npos) pending.erase(comment);
    commands.push_back(pending);
    pending.clear();
  }
  return commands;
}

// The example with its program replaced by the built one and its run lengths capped.
std::string shortened(std::string command) {
  command = std::regex_replace(command, std::regex("^(\\./build/)?sgmcmc-lab "), "");
  const auto cap = [&](const std::string& pattern, const std::string& replacement) {
    command = std::regex_replace(command, std::regex(pattern), replacement);
  };
  cap("--steps [0-9]+", "--steps 300");
  cap("--burnin [0-9]+", "--burnin 50");
  cap("iterations=[0-9]+", "iterations=20");
  if (command.find("--scenario") != std::string::npos &&
      command.find("--quick") == std::string::npos)
    command += " --quick";
  return command;
}

}  // namespace

TEST_CASE("every sgmcmc-lab run example in the README runs as written (fewer steps)",
          "[cli][readme]") {
  const std::vector<std::string> examples = readme_run_examples();
  REQUIRE(examples.size() >= 6);
  const fs::path scratch = fs::path(SGL_TEST_WORK_DIR) / "readme_examples";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  for (const char* shared : {"docs", "assets"})
    fs::create_directory_symlink(fs::path(SGL_SOURCE_DIR) / shared, scratch / shared);
  int index = 0;
  for (const std::string& example : examples) {
    const std::string args = shortened(example);
    std::string log_name = "example";
    log_name += std::to_string(index++);
    log_name += ".log";
    const fs::path log = scratch / log_name;
    std::string command = "cd '";
    command += scratch.string();
    command += "' && '";
    command += SGL_EXE;
    command += "' ";
    command += args;
    command += " >'";
    command += log.string();
    command += "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream output(log);
    const std::string text((std::istreambuf_iterator<char>(output)),
                           std::istreambuf_iterator<char>());
    INFO("README: " << example << "\nran: " << args << "\noutput:\n" << text);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  // The examples write under out/ and runs/, which did not exist: parents are made as mkdir -p.
  CHECK(fs::exists(scratch / "out" / "fig1" / "summary.json"));
}
