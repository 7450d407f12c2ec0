// The samplers and targets tables of docs/samplers-and-targets.md are `sgmcmc-lab list samplers
// --markdown` and `list targets --markdown` as they are now: a sampler, a parameter or a default
// changed in a registry without pasting the new output fails here, naming the first line that
// differs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "tests/cli/capped_process.hpp"

namespace {

namespace fs = std::filesystem;

// The text between "<!-- BEGIN `COMMAND` -->\n" and "<!-- END `COMMAND` -->" in the page.
std::string between_markers(const std::string& page, const std::string& command) {
  const std::string begin = "<!-- BEGIN `" + command + "` -->\n";
  const std::string end = "<!-- END `" + command + "` -->";
  const auto from = page.find(begin);
  const auto to = page.find(end);
  if (from == std::string::npos || to == std::string::npos || to < from) return "(no markers)";
  return page.substr(from + begin.size(), to - from - begin.size());
}

std::string first_difference(const std::string& committed, const std::string& generated) {
  std::istringstream a(committed), b(generated);
  std::string line_a, line_b;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "";
    if (!more_a || !more_b || line_a != line_b)
      return "table line " + std::to_string(line) +
             "\n  committed: " + (more_a ? line_a : "(end)") +
             "\n  generated: " + (more_b ? line_b : "(end)");
  }
}

}  // namespace

TEST_CASE("the samplers and targets tables in docs are list --markdown's", "[cli][docs]") {
  const std::string page =
      sgl_test::slurp((fs::path(SGL_SOURCE_DIR) / "docs" / "samplers-and-targets.md").string());
  const fs::path scratch = fs::path(SGL_TEST_WORK_DIR) / "docs_tables";
  fs::create_directories(scratch);
  for (const std::string what : {"samplers", "targets"}) {
    const sgl_test::CappedResult result = sgl_test::run_capped(
        SGL_EXE, {"list", what, "--markdown"}, (scratch / what).string(), 30.0, 0);
    REQUIRE(result.exited);
    REQUIRE(result.exit_code == 0);
    const std::string committed = between_markers(page, "sgmcmc-lab list " + what + " --markdown");
    INFO("docs/samplers-and-targets.md, `list "
         << what << " --markdown`: " << first_difference(committed, result.out)
         << "\n(paste the command's output between the "
            "markers)");
    CHECK(committed == result.out);
  }
}
