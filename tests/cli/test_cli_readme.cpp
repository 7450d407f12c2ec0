// Every `sgmcmc-lab run` and `gradnoise` example in README.md and in every page under docs/ runs
// as written, with fewer steps: the command is taken from the ```sh code blocks (backslash
// continuations joined, trailing comment cut),
// `--steps`, `--burnin` and DAIS `iterations=` are capped and scenarios get `--quick`, and it
// runs in a scratch directory per page that sees the repository's docs/ and assets/ (so relative
// paths in the examples resolve and `out/...` lands in the scratch directory, which has no out/
// yet).
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<std::string> run_examples(const fs::path& page) {
  std::ifstream in(page);
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
      // Our data-making scripts run too, verbatim: a run example may read what they write.
      const bool runs = text.rfind("./build/sgmcmc-lab run ", 0) == 0 ||
                        text.rfind("sgmcmc-lab run ", 0) == 0 ||
                        text.rfind("./build/sgmcmc-lab gradnoise ", 0) == 0 ||
                        text.rfind("python3 scripts/", 0) == 0;
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

// README.md, then every .md under docs/ (sorted), with the examples of each.
std::vector<std::pair<fs::path, std::vector<std::string>>> example_pages() {
  std::vector<fs::path> pages = {fs::path(SGL_SOURCE_DIR) / "README.md"};
  std::vector<fs::path> docs;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(SGL_SOURCE_DIR) / "docs"))
    if (entry.is_regular_file() && entry.path().extension() == ".md") docs.push_back(entry.path());
  std::sort(docs.begin(), docs.end());
  pages.insert(pages.end(), docs.begin(), docs.end());
  std::vector<std::pair<fs::path, std::vector<std::string>>> result;
  for (const fs::path& page : pages) result.emplace_back(page, run_examples(page));
  return result;
}

}  // namespace

TEST_CASE("every sgmcmc-lab run example in the README and docs/ runs as written (fewer steps)",
          "[cli][readme]") {
  const auto pages = example_pages();
  std::size_t readme_examples = 0, docs_examples = 0;
  for (const auto& [page, examples] : pages)
    (page.filename() == "README.md" && page.parent_path() == fs::path(SGL_SOURCE_DIR)
         ? readme_examples
         : docs_examples) += examples.size();
  REQUIRE(readme_examples >= 3);
  REQUIRE(docs_examples >= 6);  // docs/cli.md alone has six
  const fs::path work = fs::path(SGL_TEST_WORK_DIR) / "readme_examples";
  fs::remove_all(work);
  for (const auto& [page, examples] : pages) {
    if (examples.empty()) continue;
    // A scratch directory per page: two pages may use the same out/NAME for different runs.
    const fs::path relative = fs::relative(page, SGL_SOURCE_DIR);
    std::string stem = relative.string();
    std::replace(stem.begin(), stem.end(), '/', '_');
    const fs::path scratch = work / stem;
    fs::create_directories(scratch);
    for (const char* shared : {"docs", "assets", "scripts"})
      fs::create_directory_symlink(fs::path(SGL_SOURCE_DIR) / shared, scratch / shared);
    int index = 0;
    for (const std::string& example : examples) {
      const bool script = example.rfind("python3 ", 0) == 0;
      const std::string args = script ? example : shortened(example);
      std::string log_name = "example";
      log_name += std::to_string(index++);
      log_name += ".log";
      const fs::path log = scratch / log_name;
      std::string command = "cd '";
      command += scratch.string();
      command += "' && ";
      if (!script) {
        command += "'";
        command += SGL_EXE;
        command += "' ";
      }
      command += args;
      command += " >'";
      command += log.string();
      command += "' 2>&1";
      const int status = std::system(command.c_str());
      std::ifstream output(log);
      const std::string text((std::istreambuf_iterator<char>(output)),
                             std::istreambuf_iterator<char>());
      INFO(relative.string() << ": " << example << "\nran: " << args << "\noutput:\n" << text);
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
    }
  }
  // The examples write under out/ and runs/, which did not exist: parents are made as mkdir -p.
  CHECK(fs::exists(work / "README.md" / "out" / "fig1" / "summary.json"));
}
