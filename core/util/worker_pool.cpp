#include "core/util/worker_pool.hpp"

#include <algorithm>

#include "core/util/thread_priority.hpp"

namespace sgl {

WorkerPool::WorkerPool(int threads, bool background) {
  const int helpers = std::max(threads, 1) - 1;
  helpers_.reserve(std::size_t(helpers));
  for (int t = 0; t < helpers; ++t)
    helpers_.emplace_back([this, background] { helper_main(background); });
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  batch_ready_.notify_all();
  for (std::thread& helper : helpers_) helper.join();
}

void WorkerPool::run(std::size_t count, const std::function<void(std::size_t)>& body) {
  if (helpers_.empty() || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) body(i);
    return;
  }
  {
    const std::lock_guard lock(mutex_);
    body_ = &body;
    count_ = count;
    next_ = 0;
    running_ = 0;
    failed_ = false;
    error_ = nullptr;
    ++generation_;
  }
  batch_ready_.notify_all();
  work();
  std::exception_ptr error;
  {
    std::unique_lock lock(mutex_);
    // Every piece handed out has finished when none is left and none is running.
    batch_done_.wait(lock, [this] { return next_ >= count_ && running_ == 0; });
    body_ = nullptr;
    error = error_;
  }
  if (error) std::rethrow_exception(error);
}

void WorkerPool::helper_main(bool background) {
  if (background) lower_this_thread_priority();
  std::uint64_t seen = 0;
  while (true) {
    {
      std::unique_lock lock(mutex_);
      batch_ready_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    work();
  }
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  while (body_ != nullptr && next_ < count_) {
    const std::size_t index = next_++;
    if (failed_) continue;  // skip what is left after a failure
    ++running_;
    const auto* body = body_;
    lock.unlock();
    try {
      (*body)(index);
    } catch (...) {
      lock.lock();
      if (!error_) error_ = std::current_exception();
      failed_ = true;
      lock.unlock();
    }
    lock.lock();
    --running_;
  }
  if (next_ >= count_ && running_ == 0) batch_done_.notify_all();
}

}  // namespace sgl
