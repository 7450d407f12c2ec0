#include "app/cli/progress_meter.hpp"

#include <unistd.h>

#include <cmath>

namespace sgl {
namespace {

// 1234567 -> "1.23 M", 1234 -> "1234".
std::string short_count(double value) {
  char text[32];
  if (value >= 1e9)
    std::snprintf(text, sizeof text, "%.2f G", value / 1e9);
  else if (value >= 1e6)
    std::snprintf(text, sizeof text, "%.2f M", value / 1e6);
  else
    std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

}  // namespace

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  if (seconds >= 1e9) return "over 30 years";  // also keeps lround in range
  char text[32];
  const long whole = std::lround(seconds);
  if (whole < 60)
    std::snprintf(text, sizeof text, "%ld s", whole);
  else if (whole < 3600)
    std::snprintf(text, sizeof text, "%ld min %02ld s", whole / 60, whole % 60);
  else
    std::snprintf(text, sizeof text, "%ld h %02ld min", whole / 3600, (whole % 3600) / 60);
  return text;
}

ProgressMeter::ProgressMeter(std::string what, std::string unit, bool enabled, std::FILE* out)
    : what_(std::move(what)),
      unit_(std::move(unit)),
      enabled_(enabled),
      out_(out),
      terminal_(::isatty(::fileno(out)) != 0) {}

std::string ProgressMeter::line(double done, double total, double seconds) const {
  const double fraction = total > 0 ? std::min(done / total, 1.0) : 0.0;
  const double rate = seconds > 0 ? done / seconds : 0.0;
  const double eta = rate > 0 ? (total - done) / rate : NAN;
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f%%", 100 * fraction);
  std::string text = what_ + ": ";
  if (unit_.empty()) {
    text += std::string(percent) + " done";
  } else {
    text += short_count(done) + " / " + short_count(total) + " " + unit_ + " (" + percent + "), " +
            short_count(rate) + " " + unit_ + "/s";
  }
  return text + ", elapsed " + format_duration(seconds) + ", ETA " + format_duration(eta);
}

void ProgressMeter::update(double done, double total) {
  if (!enabled_) return;
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  if (seconds < kProgressDelaySeconds) return;
  const double interval = terminal_ ? 0.5 : kProgressPlainIntervalSeconds;
  if (seconds - last_print_seconds_ < interval) return;
  last_print_seconds_ = seconds;
  const std::string text = line(done, total, seconds);
  if (terminal_) {
    std::fprintf(out_, "\r%s\033[K", text.c_str());
    line_open_ = true;
  } else {
    std::fprintf(out_, "%s\n", text.c_str());
  }
  std::fflush(out_);
}

void ProgressMeter::finish() {
  if (!line_open_) return;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  line_open_ = false;
}

}  // namespace sgl
