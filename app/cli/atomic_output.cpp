#include "app/cli/atomic_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <signal.h>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "app/cli/interrupt.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace fs = std::filesystem;

namespace {

// "out/", "out/." and "./out" all name the directory "out" in the current directory.
fs::path normalised_destination(const std::string& dir) {
  std::error_code error;
  fs::path path = fs::absolute(fs::path(dir), error).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();
  return path;
}

// Ctrl-C (or a kill) during a long run must not leave the staging directory behind either.
// Normally the interrupted command unwinds and the destructor removes it; if the process has to
// be ended from the signal handler (interrupt.hpp), remove_staging_now() runs there. It may only
// make async-signal-safe calls, so the paths to remove are kept in fixed buffers, each
// published by bumping a counter only after it is complete.
constexpr int kMaxStagedFiles = 64;
constexpr std::size_t kMaxPathBytes = 4096;
char g_staged_files[kMaxStagedFiles][kMaxPathBytes];
volatile std::sig_atomic_t g_staged_file_count = 0;
char g_staging_dir[kMaxPathBytes];
volatile std::sig_atomic_t g_staging_registered = 0;

void remove_staging_now() {
  if (g_staging_registered == 0) return;
  for (int i = 0; i < g_staged_file_count; ++i) ::unlink(g_staged_files[i]);
  ::rmdir(g_staging_dir);
}

void register_staging(const fs::path& staging) {
  const std::string path = staging.string();
  if (path.size() >= kMaxPathBytes) return;
  std::memcpy(g_staging_dir, path.c_str(), path.size() + 1);
  g_staged_file_count = 0;
  g_staging_registered = 1;
  install_interrupt_handlers();
  set_emergency_cleanup(remove_staging_now);
}

void register_staged_file(const fs::path& file) {
  const std::string path = file.string();
  const int index = g_staged_file_count;
  if (index >= kMaxStagedFiles || path.size() >= kMaxPathBytes) return;
  std::memcpy(g_staged_files[index], path.c_str(), path.size() + 1);
  g_staged_file_count = index + 1;
}

void unregister_staging() {
  g_staging_registered = 0;
  set_emergency_cleanup(nullptr);
}

// A directory that becomes DIR should look like one made by mkdir: follow the user's umask.
void give_default_permissions(const fs::path& path) {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(path.c_str(), 0777 & ~mask);
}

// The PID in "PREFIX<digits>[SUFFIX]", or 0 if `name` is not of that form.
pid_t staging_pid(const std::string& name, const std::string& prefix, const std::string& suffix) {
  if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return 0;
  const std::string digits =
      name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
  return static_cast<pid_t>(std::atol(digits.c_str()));
}

bool process_gone(pid_t pid) {
  return pid > 0 && pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH;
}

// Files that some command writes into DIR (the figures: one SVG per panel); an existing DIR is
// replaced only if it holds no others, so that a data file or notes kept there are never lost.
bool looks_like_output_file(const fs::directory_entry& entry) {
  static const std::array<const char*, 8> kOutputs = {
      "draws.csv",         "summary.json", "trajectories.csv", "sweep.csv",
      "sweep_samples.csv", "ensemble.csv", "analysis.json",    "gradnoise.json"};
  std::error_code error;
  if (!entry.is_regular_file(error)) return false;
  const std::string name = entry.path().filename().string();
  if (entry.path().extension() == ".svg") return true;
  for (const char* output : kOutputs)
    if (name == output) return true;
  return false;
}

bool is_own_staging(const fs::path& path) {
  const std::string name = path.filename().string();
  return staging_pid(name, ".tmp-", "") > 0;
}

// Throws unless every entry of the existing DIR is an earlier output file (or a staging folder).
void require_replaceable(const fs::path& destination, const std::string& dir_as_given) {
  std::error_code error;
  for (fs::directory_iterator it(destination, error), end; !error && it != end;
       it.increment(error)) {
    if (looks_like_output_file(*it) || is_own_staging(it->path())) continue;
    std::error_code ignored;
    const char* kind = it->is_directory(ignored) ? "the folder" : "the file";
    throw UserError("cannot replace " + excerpt(dir_as_given) + ": it holds " + kind + " '" +
                    excerpt(it->path().filename().string()) +
                    "', which no run writes (a run replaces the whole folder); choose a new or "
                    "empty folder");
  }
  if (error) throw UserError("cannot read " + excerpt(dir_as_given) + ": " + error.message());
}

// The two-rename swap where RENAME_EXCHANGE is not supported: the old DIR is set aside as
// STAGING.old first and put back if the new one cannot take its place.
int swap_by_two_renames(const fs::path& staging, const fs::path& destination) {
  const fs::path aside = staging.string() + ".old";
  if (::rename(destination.c_str(), aside.c_str()) != 0) return errno;
  if (::rename(staging.c_str(), destination.c_str()) != 0) {
    const int error = errno;
    ::rename(aside.c_str(), destination.c_str());
    return error;
  }
  std::error_code ignored;
  fs::remove_all(aside, ignored);
  return 0;
}

}  // namespace

void remove_stale_staging(const fs::path& destination) {
  const std::string prefix = destination.filename().string() + ".tmp-";
  std::error_code error;
  for (fs::directory_iterator it(destination.parent_path(), error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code ignored;
    if (process_gone(staging_pid(name, prefix, ""))) {
      fs::remove_all(it->path(), ignored);
    } else if (process_gone(staging_pid(name, prefix, ".old"))) {
      if (!fs::exists(destination, ignored))
        fs::rename(it->path(), destination, ignored);
      else
        fs::remove_all(it->path(), ignored);
    }
  }
  if (!fs::is_directory(destination, error)) return;
  for (fs::directory_iterator it(destination, error), end; !error && it != end;
       it.increment(error)) {
    std::error_code ignored;
    if (process_gone(staging_pid(it->path().filename().string(), ".tmp-", "")))
      fs::remove_all(it->path(), ignored);
  }
}

AtomicOutputDir::AtomicOutputDir(const std::string& dir)
    : dir_as_given_(dir), destination_(normalised_destination(dir)) {
  if (dir.empty() || destination_.filename().empty()) fail(EINVAL);

  struct stat info {};
  if (::stat(destination_.c_str(), &info) == 0) {
    if (!S_ISDIR(info.st_mode)) fail(ENOTDIR);
  } else if (errno != ENOENT) {
    fail(errno);
  } else {
    // Missing parents are created as `mkdir -p` would (`--out out/fig1` with no out/ yet); they
    // stay if the run then fails, as mkdir -p's would. DIR itself appears only at commit.
    std::error_code error;
    fs::create_directories(destination_.parent_path(), error);
    if (error) fail(error.value());
  }
  remove_stale_staging(destination_);

  const bool destination_exists = ::stat(destination_.c_str(), &info) == 0;
  if (destination_exists) require_replaceable(destination_, dir_as_given_);
  const std::string suffix = ".tmp-" + std::to_string(::getpid());
  // A folder of this name can only be left by a dead process that had our PID.
  std::error_code ignored;
  fs::remove_all(destination_.string() + suffix, ignored);
  staging_ = destination_.string() + suffix;
  if (::mkdir(staging_.c_str(), 0700) != 0) {
    // An existing, writable DIR under a read-only parent: stage inside DIR instead.
    const int parent_error = errno;
    staging_ = destination_ / suffix;
    if (!destination_exists || ::access(destination_.c_str(), W_OK | X_OK) != 0) {
      staging_.clear();
      fail(parent_error);
    }
    fs::remove_all(staging_, ignored);
    if (::mkdir(staging_.c_str(), 0700) != 0) {
      staging_.clear();
      fail(parent_error);
    }
    staging_inside_destination_ = true;
  } else if (destination_exists && ::access(destination_.c_str(), W_OK | X_OK) != 0) {
    // Swapping DIR needs no write access to it, but removing its old files does.
    const int error = errno;
    fs::remove_all(staging_, ignored);
    staging_.clear();
    fail(error);
  }
  register_staging(staging_);
}

AtomicOutputDir::~AtomicOutputDir() {
  unregister_staging();
  if (staging_.empty()) return;
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
}

std::string AtomicOutputDir::staged_path(const std::string& name) {
  staged_names_.push_back(name);
  register_staged_file(staging_ / name);
  return (staging_ / name).string();
}

void AtomicOutputDir::commit() {
  if (committed_) return;
  // A signal that came while the files were written: give up rather than publish them.
  throw_if_interrupted();
  // From here on the files become the result: a signal must not delete them any more.
  unregister_staging();
  if (staging_inside_destination_) return commit_inside_destination();
  give_default_permissions(staging_);
  if (::rename(staging_.c_str(), destination_.c_str()) == 0) {
    staging_.clear();  // a new DIR appears with all its files at once
    committed_ = true;
    return;
  }
  if (errno != EEXIST && errno != ENOTEMPTY && errno != EISDIR) fail(errno);
  // DIR exists: swap the two folders in one step, then remove the old one (now at staging_).
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_EXCHANGE) !=
      0) {
    if (errno != EINVAL && errno != ENOSYS) fail(errno);
    if (const int error = swap_by_two_renames(staging_, destination_); error != 0) fail(error);
    staging_.clear();
  }
  committed_ = true;
  // The destructor removes the old contents at staging_.
}

void AtomicOutputDir::commit_inside_destination() {
  std::error_code error;
  for (const std::string& name : staged_names_) {
    const fs::path from = staging_ / name;
    const fs::path to = destination_ / name;
    if (::rename(from.c_str(), to.c_str()) != 0) fail(errno);
  }
  committed_ = true;
  // The earlier run's other files (checked to be outputs by the constructor) go.
  for (fs::directory_iterator it(destination_, error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    bool staged = it->path() == staging_;
    for (const std::string& own : staged_names_) staged = staged || name == own;
    std::error_code ignored;
    if (!staged && looks_like_output_file(*it)) fs::remove(it->path(), ignored);
  }
}

void AtomicOutputDir::fail(int error_number) const {
  throw UserError("cannot write to " + excerpt(dir_as_given_) + ": " + std::strerror(error_number));
}

}  // namespace sgl
