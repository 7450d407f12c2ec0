#include "core/io/new_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>

#include "core/util/error.hpp"

namespace sgl {
namespace {

[[noreturn]] void fail(const std::string& where, int error_number) {
  throw UserError("cannot write to " + where + ": " + std::strerror(error_number));
}

// Removes the temporary file unless it was handed over.
struct TempFile {
  std::string path;
  ~TempFile() {
    if (!path.empty()) ::unlink(path.c_str());
  }
};

std::string candidate_name(const std::string& stem, const std::string& ext, int number) {
  const std::string suffix = ext.empty() ? "" : "." + ext;
  return number == 1 ? stem + suffix : stem + "-" + std::to_string(number) + suffix;
}

}  // namespace

std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::function<void(const std::string& temp_path)>& write) {
  const std::filesystem::path folder(dir.empty() ? "." : dir);
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) fail(folder.string(), error.value());
  if (!std::filesystem::is_directory(folder, error)) fail(folder.string(), ENOTDIR);

  // mkstemp both proves the folder is writable and gives a name nobody else uses.
  std::string pattern = (folder / ("." + stem + ".tmp-XXXXXX")).string();
  const int descriptor = ::mkstemp(pattern.data());
  if (descriptor < 0) fail(folder.string(), errno);
  // mkstemp creates the file private (0600); an export is an ordinary file (0666 minus umask).
  // umask can only be read by setting it, and it is the process's: the GUI writes files from
  // a background job and the UI thread at once, so the read-and-restore is serialised (two
  // interleaved pairs could leave the umask at 0 for the rest of the run).
  mode_t mask = 0;
  {
    static std::mutex umask_mutex;
    const std::lock_guard<std::mutex> lock(umask_mutex);
    mask = ::umask(0);
    ::umask(mask);
  }
  ::fchmod(descriptor, 0666 & ~mask);
  ::close(descriptor);
  TempFile temp{pattern};
  write(temp.path);

  // link() refuses an existing name (EEXIST): try the next number. Hard links are not
  // available everywhere (some network and FAT file systems): there, fall back to checking the
  // name and renaming, which can only lose a race with another writer, never replace a file
  // that existed before the check.
  constexpr int kMaxNumber = 100000;
  for (int number = 1; number <= kMaxNumber; ++number) {
    const std::string target = (folder / candidate_name(stem, ext, number)).string();
    if (::link(temp.path.c_str(), target.c_str()) == 0) return target;  // temp is unlinked
    if (errno == EEXIST) continue;
    // EMLINK: the browser build's in-memory file system has no hard links at all.
    if (errno != EPERM && errno != ENOTSUP && errno != EXDEV && errno != ENOSYS && errno != EMLINK)
      fail(folder.string(), errno);
    if (std::filesystem::exists(target, error)) continue;
    if (std::rename(temp.path.c_str(), target.c_str()) != 0) fail(folder.string(), errno);
    temp.path.clear();
    return target;
  }
  throw UserError("cannot write to " + folder.string() + ": " + std::to_string(kMaxNumber) +
                  " files named " + stem + "-N already exist");
}

std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content) {
  return write_new_file(dir, stem, ext, [&](const std::string& temp_path) {
    std::FILE* file = std::fopen(temp_path.c_str(), "wb");
    if (file == nullptr) fail(temp_path, errno);
    const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size();
    const int write_errno = errno;
    if (std::fclose(file) != 0 || !written) fail(temp_path, written ? errno : write_errno);
  });
}

}  // namespace sgl
