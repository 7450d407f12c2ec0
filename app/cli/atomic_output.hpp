// Writing an output directory all-or-nothing. The files are written into a private temporary
// directory created next to the destination (DIR.tmp-XXXXXX in DIR's parent, so renames stay on
// one file system; inside DIR when DIR exists but its parent is read-only), and only commit()
// moves them into DIR. Creating the temporary directory up
// front proves that the destination is writable before a possibly long run starts. If commit()
// is never reached (an error, an exception), the destructor removes the temporary directory and
// nothing partial is left behind.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sgl {

class AtomicOutputDir {
 public:
  // Throws UserError "cannot write to DIR: <reason>" if DIR cannot be created or written.
  explicit AtomicOutputDir(const std::string& dir);
  ~AtomicOutputDir();
  AtomicOutputDir(const AtomicOutputDir&) = delete;
  AtomicOutputDir& operator=(const AtomicOutputDir&) = delete;

  // Where to write the file `name` before the commit.
  std::string staged_path(const std::string& name);

  // Moves every staged file into DIR. If DIR did not exist it appears at once with all files;
  // otherwise each file replaces its old version by an atomic rename. Throws UserError.
  void commit();

 private:
  [[noreturn]] void fail(int error_number) const;

  std::string dir_as_given_;
  std::filesystem::path destination_;
  std::filesystem::path staging_;
  std::vector<std::string> staged_names_;
  bool staging_inside_destination_ = false;
  bool committed_ = false;
};

}  // namespace sgl
