// What the tall-data benches measure beside wall time on a shared machine: the process's CPU
// seconds (the wall clock also counts the time other processes held the core), its peak resident
// memory and the load average.
#pragma once

#include <sys/resource.h>

#include <chrono>
#include <cstdlib>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// User + system CPU time of this process.
inline double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// The peak resident size so far (it only grows), in MB (10⁶ bytes, as the data sizes printed).
inline double peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) * 1024.0 / 1e6;
}

// The 1-minute load average (2 cores: above 2, a run shares them).
inline double load_average() {
  double load[3] = {};
  return getloadavg(load, 3) > 0 ? load[0] : 0.0;
}

// Wall and CPU seconds of one phase.
struct Stopwatch {
  Clock::time_point wall_start = Clock::now();
  double cpu_start = cpu_seconds();
  double wall() const { return seconds_since(wall_start); }
  double cpu() const { return cpu_seconds() - cpu_start; }
};

}  // namespace bench
