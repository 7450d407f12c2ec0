// A fixed set of threads that run independent pieces of work together, for a loop that hands
// out small batches many times a second (the live engine: one batch of chain slices per ~8 ms
// pass). parallel_for() starts and joins its threads on every call, about 50–100 µs each time;
// these threads wait between batches instead.
//
// As with parallel_for, each piece must own everything it writes, so the results do not depend
// on the number of threads or on which thread runs which piece.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sgl {

class WorkerPool {
 public:
  // `threads` in all, the caller of run() included (so 1 starts no thread and runs in order).
  // `background`: the pool's own threads run at a lower priority (thread_priority.hpp).
  explicit WorkerPool(int threads, bool background = false);
  ~WorkerPool();  // joins the threads (a run() in progress must have returned)
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return int(helpers_.size()) + 1; }

  // Calls body(i) once for every i in [0, count), on the calling thread and the pool's, and
  // returns when all have finished. The first exception a piece throws is rethrown here; pieces
  // not yet started are then skipped. Not reentrant: one run() at a time.
  void run(std::size_t count, const std::function<void(std::size_t)>& body);

 private:
  void helper_main(bool background);
  void work();  // takes pieces of the current batch until none is left

  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable batch_ready_;
  std::condition_variable batch_done_;
  // The current batch, guarded by mutex_.
  const std::function<void(std::size_t)>* body_ = nullptr;
  std::size_t count_ = 0;
  std::size_t next_ = 0;
  std::size_t running_ = 0;       // pieces being run
  std::uint64_t generation_ = 0;  // counts batches, so a helper joins each batch once
  bool failed_ = false;
  std::exception_ptr error_;
  bool stopping_ = false;
};

}  // namespace sgl
