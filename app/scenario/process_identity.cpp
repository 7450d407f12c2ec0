#include "app/scenario/process_identity.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <random>

namespace sgl {

long this_process_id() {
#ifdef __EMSCRIPTEN__
  // Drawn once per page load (crypto.getRandomValues underneath): a reloaded page differs from
  // the one that wrote the file it finds.
  static const long id = [] {
    std::random_device source;
    return static_cast<long>(std::uniform_int_distribution<long>(1000, 999'999'999)(source));
  }();
  return id;
#else
  return static_cast<long>(::getpid());
#endif
}

bool process_running(long id) {
#ifdef __EMSCRIPTEN__
  // A page knows of no process but itself (no kill, no view of other tabs).
  return id == this_process_id();
#else
  // kill(pid, 0) probes without signalling; ESRCH: no such process.
  return ::kill(pid_t(id), 0) == 0 || errno != ESRCH;
#endif
}

}  // namespace sgl
