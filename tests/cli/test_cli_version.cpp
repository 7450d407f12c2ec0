// `sgmcmc-lab --version` prints the version CMake's project() sets, and CHANGELOG.md's newest
// entry is that version (a release bumps both or the test says which one was forgotten).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

// The first "## " heading of CHANGELOG.md, without the "## ".
std::string newest_changelog_heading() {
  std::ifstream in(fs::path(SGL_SOURCE_DIR) / "CHANGELOG.md");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("## ", 0) == 0) return line.substr(3);
  return "";
}

}  // namespace

TEST_CASE("the version flag prints the project version and where the data are read from",
          "[cli][version]") {
  const fs::path scratch = fs::path(SGL_TEST_WORK_DIR) / "version";
  fs::create_directories(scratch);
  const sgl_test::CappedResult result =
      sgl_test::run_capped(SGL_EXE, {"--version"}, (scratch / "io").string(), 30.0, 0);
  INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
  REQUIRE(result.exited);
  CHECK(result.exit_code == 0);
  CHECK(result.out.rfind(std::string("sgmcmc-lab ") + SGL_PROJECT_VERSION + "\n", 0) == 0);
  CHECK(result.out.find("\nassets: ") != std::string::npos);
  CHECK(result.out.find("not found") == std::string::npos);
  CHECK(result.err.empty());
}

TEST_CASE("CHANGELOG.md's newest entry is the project version", "[cli][version]") {
  const std::string heading = newest_changelog_heading();
  INFO("CHANGELOG.md's first '## ' heading: " << heading);
  CHECK(heading.rfind(std::string(SGL_PROJECT_VERSION) + " ", 0) == 0);
}
