// Opening a preset or a saved session builds its target and its chains: nn-fashion reads 60 000
// images and hmcecs-logistic finds a posterior mode, seconds to tens of seconds on a loaded
// machine. The window did that on its UI thread and froze meanwhile (newcomer runs 5 and 10).
// The opener builds the new session's engine on a background job; the running session stays on
// screen, with "Opening …" over it, until the new one is ready to take its place.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/scenario/scenario.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

class SessionOpener {
 public:
  struct Opened {
    Scenario scenario;
    LiveEngine engine;  // built, its worker already running
  };

  // Starts building `scenario`'s engine; a second request replaces one still building.
  // `on_finish` runs on the job's thread when it is done (to wake the event loop).
  void start(Scenario scenario, std::function<void()> on_finish);
  bool busy() const { return job_.running(); }
  // The built session, once. A failure gives nothing and its one-line reason in `problem`
  // ("could not open chen-fig1: …"); `problem` is left alone otherwise.
  std::optional<Opened> take(std::string& problem);
  // "Opening NAME…" in the middle of the window while a build runs.
  void show_notice() const;

 private:
  BackgroundJob job_;
  std::string title_;   // what the notice names
  std::string source_;  // what a failure names
  std::shared_ptr<std::optional<Opened>> result_;
};

// A notice in a box in the middle of the window, over every panel.
void show_centred_notice(const std::string& text);

}  // namespace sgl
