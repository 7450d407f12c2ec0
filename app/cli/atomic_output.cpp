#include "app/cli/atomic_output.hpp"

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "app/cli/interrupt.hpp"
#include "core/util/error.hpp"

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

// mkdtemp creates 0700 directories; a directory that becomes DIR should look like one made by
// mkdir, i.e. follow the user's umask.
void give_default_permissions(const fs::path& path) {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(path.c_str(), 0777 & ~mask);
}

}  // namespace

AtomicOutputDir::AtomicOutputDir(const std::string& dir)
    : dir_as_given_(dir), destination_(normalised_destination(dir)) {
  if (dir.empty() || destination_.filename().empty()) fail(EINVAL);

  struct stat info {};
  if (::stat(destination_.c_str(), &info) == 0) {
    if (!S_ISDIR(info.st_mode)) fail(ENOTDIR);
    if (::access(destination_.c_str(), W_OK | X_OK) != 0) fail(errno);
  } else if (errno != ENOENT) {
    fail(errno);
  } else {
    // Missing parents are created as `mkdir -p` would (`--out out/fig1` with no out/ yet); they
    // stay if the run then fails, as mkdir -p's would. DIR itself appears only at commit.
    std::error_code error;
    fs::create_directories(destination_.parent_path(), error);
    if (error) fail(error.value());
  }

  const bool destination_exists = ::stat(destination_.c_str(), &info) == 0;
  std::string pattern = destination_.string() + ".tmp-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    // An existing, writable DIR under a read-only parent: stage inside DIR instead.
    const int parent_error = errno;
    pattern = (destination_ / ".tmp-XXXXXX").string();
    if (!destination_exists || ::mkdtemp(pattern.data()) == nullptr) fail(parent_error);
    staging_inside_destination_ = true;
  }
  staging_ = pattern;
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
  if (!staging_inside_destination_) {
    // Fast path: a new DIR appears with all its files at once.
    give_default_permissions(staging_);
    if (::rename(staging_.c_str(), destination_.c_str()) == 0) {
      staging_.clear();
      committed_ = true;
      return;
    }
    // DIR exists (rename refuses to replace a non-empty directory): replace file by file.
    if (errno != EEXIST && errno != ENOTEMPTY) fail(errno);
  }
  for (const std::string& name : staged_names_) {
    const fs::path from = staging_ / name;
    const fs::path to = destination_ / name;
    if (::rename(from.c_str(), to.c_str()) != 0) fail(errno);
  }
  committed_ = true;
  // The destructor removes the now empty staging directory.
}

void AtomicOutputDir::fail(int error_number) const {
  throw UserError("cannot write to " + dir_as_given_ + ": " + std::strerror(error_number));
}

}  // namespace sgl
