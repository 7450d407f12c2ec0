// Progress of a long command-line run on stderr: done / total, rate and ETA. Nothing is shown
// for runs that finish within kProgressDelaySeconds. On a terminal one line is rewritten in place
// (twice a second); otherwise (a log file, CI) a plain line is written every
// kProgressPlainIntervalSeconds. `--quiet` disables it.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace sgl {

inline constexpr double kProgressDelaySeconds = 2.0;
inline constexpr double kProgressPlainIntervalSeconds = 10.0;

class ProgressMeter {
 public:
  // `what` starts each line ("run", "scenario chen-fig3"); `unit` names what is counted
  // ("steps"), or is empty for a fraction of the work.
  ProgressMeter(std::string what, std::string unit, bool enabled, std::FILE* out = stderr);
  ~ProgressMeter() { finish(); }
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  // Cheap to call often: prints only when a line is due.
  void update(double done, double total);
  // Clears the in-place line (terminal) so that what follows starts on a clean line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::string line(double done, double total, double seconds) const;

  std::string what_;
  std::string unit_;
  bool enabled_;
  std::FILE* out_;
  bool terminal_;
  bool line_open_ = false;
  Clock::time_point start_ = Clock::now();
  double last_print_seconds_ = -1e300;
};

// "3 s", "2 min 05 s", "1 h 02 min".
std::string format_duration(double seconds);

}  // namespace sgl
