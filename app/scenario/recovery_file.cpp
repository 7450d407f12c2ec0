#include "app/scenario/recovery_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/scenario/browser_persist.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/process_identity.hpp"
#include "core/util/error.hpp"

namespace sgl {

namespace {

std::string read_owner(const std::string& owner_path) {
  std::ifstream in(owner_path);
  std::string pid;
  in >> pid;
  return pid;
}

// Writes `text` to `path` so that a reader sees the old file or the new one, never a part.
void write_atomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      const int error_number = errno;
      std::remove(temp.c_str());
      throw UserError("cannot write " + path + ": " + std::strerror(error_number));
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error_number = errno;
    std::remove(temp.c_str());
    throw UserError("cannot write " + path + ": " + std::strerror(error_number));
  }
}

}  // namespace

// In the browser, HOME is /home/web_user: web/persistent_storage.js keeps this folder in IndexedDB.
std::string recovery_folder() {
  const char* state = std::getenv("XDG_STATE_HOME");
  if (state && *state) return (std::filesystem::path(state) / "sgmcmc-lab").string();
  const char* home = std::getenv("HOME");
  if (home && *home)
    return (std::filesystem::path(home) / ".local" / "state" / "sgmcmc-lab").string();
  return {};
}

Scenario recovery_scenario(const Scenario& base, const LiveSetup& state) {
  LiveSetup settings = state;
  for (ChainSpec& chain : settings.chains) {
    if (!chain.history.empty()) chain.params = chain.history.back().params;
    chain.history.clear();
    chain.steps = 0;
  }
  Scenario scenario = scenario_with_session(base, settings);
  if (scenario.name.empty()) scenario.name = "recovered";
  return scenario;
}

RecoveryFile::RecoveryFile(std::string folder)
    : folder_(std::move(folder)),
      path_((std::filesystem::path(folder_) / "recovery.json").string()),
      owner_path_((std::filesystem::path(folder_) / "recovery.owner").string()) {}

void RecoveryFile::write(const std::string& json_text) const {
  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  if (error) throw UserError("cannot write to " + folder_ + ": " + error.message());
  // The owner first: a reader that sees the new recovery.json also sees who wrote it.
  write_atomically(owner_path_, std::to_string(this_process_id()) + "\n");
  write_atomically(path_, json_text);
  persist_state_soon();
}

bool RecoveryFile::left_by_dead_process() const {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path_, error)) return false;
  const std::string owner = read_owner(owner_path_);
  char* end = nullptr;
  const long pid = std::strtol(owner.c_str(), &end, 10);
  if (owner.empty() || *end != '\0' || pid <= 0) return true;  // no owner recorded: offer it
  if (pid == this_process_id()) return false;
  return !process_running(pid);
}

std::optional<std::string> RecoveryFile::set_aside_for_restore() const {
  if (!left_by_dead_process()) return std::nullopt;
  const std::string previous = (std::filesystem::path(folder_) / "recovery-previous.json").string();
  if (std::rename(path_.c_str(), previous.c_str()) != 0) return std::nullopt;
  std::remove(owner_path_.c_str());
  persist_state_soon();
  return previous;
}

void RecoveryFile::remove_if_owned() const {
  if (read_owner(owner_path_) != std::to_string(this_process_id())) return;
  std::remove(path_.c_str());
  std::remove(owner_path_.c_str());
  persist_state_soon();
}

}  // namespace sgl
