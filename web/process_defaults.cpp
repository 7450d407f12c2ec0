// What a process starts with on Linux that emscripten 3.1.6 gives differently; compiled into the
// browser build only, and run before main.
#include <sys/stat.h>

namespace {

// emscripten starts with umask 0777, so a file created and then given 0666 & ~umask (as
// core/io/new_file.cpp does, after mkstemp) has no permissions at all, and writing it fails
// with "Permission denied": every save and export did. Linux's usual 022 instead.
[[maybe_unused]] const bool kUmaskSet = (::umask(022), true);

}  // namespace
