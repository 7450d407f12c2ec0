// Writing an output directory all-or-nothing. The files are written into DIR.tmp-PID next to the
// destination (so renames stay on one file system), and only commit() puts them in place: a new
// DIR is renamed into place; an existing DIR is swapped with the staging directory in one
// atomic rename (renameat2 RENAME_EXCHANGE; two renames where the file system lacks it) and the
// old contents are removed. DIR afterwards holds exactly this run's files, and a run that fails
// before the commit leaves the earlier DIR untouched. Creating the staging directory up front
// proves that the destination is writable before a possibly long run starts.
//
// An existing DIR is replaced only if it holds nothing but earlier outputs (draws.csv,
// summary.json, trajectories.csv, the scenario and gradnoise files, *.svg figures): anything else
// (a subfolder, notes.txt, a data file, `--out .` in a project) is refused before the run, so a
// typo never deletes someone's files. Staging folders
// left by killed processes (DIR.tmp-PID whose PID no longer runs) are removed on the next run.
// Where DIR's parent is read-only, staging happens inside DIR (DIR/.tmp-PID) and the commit
// moves the files in one by one and removes the earlier ones.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sgl {

class AtomicOutputDir {
 public:
  // Throws UserError "cannot write to DIR: <reason>" if DIR cannot be created or written, and
  // "cannot replace DIR: ..." if an existing DIR holds files that no run writes.
  explicit AtomicOutputDir(const std::string& dir);
  ~AtomicOutputDir();
  AtomicOutputDir(const AtomicOutputDir&) = delete;
  AtomicOutputDir& operator=(const AtomicOutputDir&) = delete;

  // Where to write the file `name` before the commit.
  std::string staged_path(const std::string& name);

  // Puts the staged files in place as DIR (see above). Throws UserError.
  void commit();

 private:
  [[noreturn]] void fail(int error_number) const;
  void commit_inside_destination();

  std::string dir_as_given_;
  std::filesystem::path destination_;
  std::filesystem::path staging_;
  std::vector<std::string> staged_names_;
  bool staging_inside_destination_ = false;
  bool committed_ = false;
};

// Removes DIR.tmp-PID folders (and DIR/.tmp-PID) whose process no longer runs; a DIR.tmp-PID.old
// (an earlier DIR set aside by a swap that was killed half-way) is put back as DIR if DIR is
// missing. Called by the constructor; exposed for tests.
void remove_stale_staging(const std::filesystem::path& destination);

}  // namespace sgl
