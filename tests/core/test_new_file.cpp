// Export files: never overwritten, numbered instead; an unwritable folder is a UserError.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/io/new_file.hpp"
#include "core/util/error.hpp"

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream content;
  content << in.rdbuf();
  return content.str();
}

std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("sgl_new_file_" + name);
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace

TEST_CASE("write_new_file numbers repeated exports instead of overwriting") {
  const auto dir = fresh_dir("numbering");
  const std::string first = sgl::write_new_file(dir.string(), "trace", "svg", std::string("one"));
  const std::string second = sgl::write_new_file(dir.string(), "trace", "svg", std::string("two"));
  const std::string third = sgl::write_new_file(dir.string(), "trace", "svg", std::string("3"));
  CHECK(first == (dir / "trace.svg").string());
  CHECK(second == (dir / "trace-2.svg").string());
  CHECK(third == (dir / "trace-3.svg").string());
  CHECK(read_all(first) == "one");
  CHECK(read_all(second) == "two");
  CHECK(read_all(third) == "3");
  // Only the three exports are left: no temporary files.
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 3);
  std::filesystem::remove_all(dir);
}

TEST_CASE("write_new_file reports an unwritable folder and leaves nothing behind") {
  const auto dir = fresh_dir("unwritable");
  std::filesystem::create_directories(dir);
  const auto blocker = dir / "a_file";
  std::ofstream(blocker) << "x";
  // A regular file as a folder component fails even for root (ENOTDIR / EEXIST).
  const std::string inside_file = (blocker / "exports").string();
  CHECK_THROWS_AS(sgl::write_new_file(inside_file, "trace", "svg", std::string("x")),
                  sgl::UserError);
  CHECK_THROWS_WITH(sgl::write_new_file(inside_file, "trace", "svg", std::string("x")),
                    Catch::Contains("cannot write to"));
  CHECK_THROWS_AS(sgl::write_new_file(blocker.string(), "trace", "svg", std::string("x")),
                  sgl::UserError);
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("write_new_file removes the temporary file when the writer throws") {
  const auto dir = fresh_dir("throwing_writer");
  CHECK_THROWS_AS(sgl::write_new_file(dir.string(), "draws", "csv",
                                      [](const std::string&) { throw sgl::UserError("boom"); }),
                  sgl::UserError);
  CHECK(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}
