#include "app/scenario/assets.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/io/input_file.hpp"
#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

namespace fs = std::filesystem;

fs::path executable_dir() {
  std::error_code ignored;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ignored);
  return exe.empty() ? fs::path() : exe.parent_path();
}

// Reads at most kMaxJsonFileBytes + 1 bytes, so that a huge file or an endless one (/dev/zero)
// is refused by the JSON reader's size check without being read whole.
bool read_file(const fs::path& path, std::string& text) {
  std::error_code ignored;
  if (fs::is_directory(path, ignored)) return false;
  InputFile file(path.string());  // never blocks in open(), even on a FIFO without a writer
  if (!file.is_open()) return false;
  std::istream& in = file.stream();
  text.assign(kMaxJsonFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return false;
  text.resize(static_cast<std::size_t>(in.gcount()));
  return !(text.empty() && file.is_pipe());  // a FIFO without a writer
}

}  // namespace

std::vector<std::string> asset_search_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("SGMCMC_LAB_ASSETS"); env && *env) dirs.emplace_back(env);
  const fs::path exe_dir = executable_dir();
  if (!exe_dir.empty()) {
    dirs.push_back((exe_dir / "assets").string());
    dirs.push_back((exe_dir.parent_path() / "assets").string());
    dirs.push_back((exe_dir.parent_path() / "share" / "sgmcmc-lab" / "assets").string());
  }
#ifdef SGL_ASSET_DIR
  dirs.emplace_back(SGL_ASSET_DIR);
#endif
  return dirs;
}

std::string asset_dir() {
  std::string tried;
  for (const std::string& dir : asset_search_dirs()) {
    std::error_code ignored;
    if (fs::is_directory(fs::path(dir) / "scenarios", ignored)) return dir;
    tried += (tried.empty() ? "" : ", ") + dir;
  }
  throw UserError("cannot find the assets directory (scenarios/, notes/); tried: " + tried +
                  " (set SGMCMC_LAB_ASSETS to its path)");
}

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(fs::path(asset_dir()) / "scenarios", error))
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

Scenario load_scenario(const std::string& name_or_path) {
  const bool is_path =
      name_or_path.find('/') != std::string::npos ||
      (name_or_path.size() > 5 && name_or_path.compare(name_or_path.size() - 5, 5, ".json") == 0);
  fs::path path;
  if (is_path) {
    path = name_or_path;
  } else {
    path = fs::path(asset_dir()) / "scenarios" / (name_or_path + ".json");
    std::error_code ignored;
    if (!fs::exists(path, ignored)) {
      std::string known;
      for (const std::string& name : preset_names()) known += (known.empty() ? "" : ", ") + name;
      throw UserError("unknown scenario '" + name_or_path + "' (presets: " + known +
                      "; or give a path to a .json file)");
    }
  }
  std::string text;
  std::error_code ignored_error;
  if (!read_file(path, text))
    throw UserError("cannot read scenario file " + path.string() + ": " +
                    (fs::is_directory(path, ignored_error) ? "it is a directory"
                     : fs::is_fifo(path, ignored_error)    ? "a named pipe that nothing writes to"
                     : fs::exists(path, ignored_error)     ? "permission denied or unreadable"
                                                           : "no such file"));
  return parse_scenario(text, path.string());
}

std::string load_note(const std::string& note_name) {
  if (note_name.empty()) return "";
  std::string text;
  try {
    if (read_file(fs::path(asset_dir()) / "notes" / (note_name + ".md"), text)) return text;
  } catch (const UserError&) {
  }
  return "";
}

void write_text_file(const std::string& path, const std::string& text) {
  const fs::path target(path);
  const fs::path temporary = target.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError("cannot write " + path);
    out << text;
    out.flush();
    if (!out) throw UserError("cannot write " + path);
  }
  std::error_code error;
  fs::rename(temporary, target, error);
  if (error) {
    fs::remove(temporary, error);
    throw UserError("cannot write " + path);
  }
}

}  // namespace sgl
