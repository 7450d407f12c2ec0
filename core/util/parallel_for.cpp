#include "core/util/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/util/threads_available.hpp"

namespace sgl {

namespace {
std::atomic<int> chosen_jobs{0};  // 0: one per hardware thread
}  // namespace

int default_jobs() {
  if (!kThreadsAvailable) return 1;
  const int chosen = chosen_jobs.load();
  return chosen > 0 ? chosen : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void set_default_jobs(int jobs) {
  chosen_jobs.store(std::max(jobs, 0));
}

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& body) {
  const std::size_t threads = std::min<std::size_t>(count, std::size_t(std::max(jobs, 1)));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) body(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  const auto work = [&] {
    for (std::size_t i = next.fetch_add(1); i < count && !failed.load(); i = next.fetch_add(1)) {
      try {
        body(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
        failed.store(true);
      }
    }
  };
  {
    std::vector<std::jthread> helpers;
    helpers.reserve(threads - 1);
    for (std::size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
    work();
  }  // joins the helpers
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace sgl
