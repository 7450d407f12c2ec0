// Runs independent pieces of work (chains, sweep points, ensemble members) on several threads.
// Each piece owns everything it writes (its chain, its RNG stream, its result slot), so the
// results are the same whatever the number of threads and whichever thread runs which piece:
// parallelism changes the wall clock, never the draws.
#pragma once

#include <cstddef>
#include <functional>

namespace sgl {

// The number of hardware threads (at least 1): the default of `run --jobs` and of the live
// engine's threads, unless set_default_jobs() chose another for this process (`gui --jobs`).
int default_jobs();
// Sets what default_jobs() returns from now on; 0 goes back to the number of hardware threads.
void set_default_jobs(int jobs);

// Calls body(i) once for every i in [0, count), on min(jobs, count) threads (the calling thread
// is one of them; jobs <= 1 runs them in order on the calling thread). Pieces are handed out in
// index order as threads become free. The first exception thrown by a piece is rethrown here
// after every thread has finished; pieces not yet started are then skipped.
void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& body);

}  // namespace sgl
