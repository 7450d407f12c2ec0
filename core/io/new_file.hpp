// Writing export files that never replace anything: a figure or table exported twice gets a new
// numbered name (trace.svg, trace-2.svg, trace-3.svg, ...) instead of silently overwriting the
// first, and a reader never sees a half-written file. The content goes to a temporary file in
// the destination folder first; link(2) then gives it its final name, which fails rather than
// replaces when the name is taken (so two exports racing for one name both survive).
#pragma once

#include <functional>
#include <string>

namespace sgl {

// Creates `dir` if missing, calls `write(temp_path)` to fill a temporary file there, and moves it
// to the first free name of stem.ext, stem-2.ext, stem-3.ext, ... Returns the final path.
// Throws UserError "cannot write to DIR: <reason>" when the folder cannot be created or written
// (and passes on what `write` throws); the temporary file is removed on every failure.
std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::function<void(const std::string& temp_path)>& write);

// The same for content already in memory.
std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content);

}  // namespace sgl
