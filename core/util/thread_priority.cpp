#include "core/util/thread_priority.hpp"

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace sgl {

void lower_this_thread_priority() {
#ifdef __linux__
  // On Linux a thread's nice value is its own: PRIO_PROCESS with the thread id sets this thread
  // only. Lowering is always allowed; a failure leaves the priority as it was.
  constexpr int kBackgroundNice = 5;
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kBackgroundNice);
#endif
}

}  // namespace sgl
