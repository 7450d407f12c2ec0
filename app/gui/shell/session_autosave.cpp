#include "app/gui/shell/session_autosave.hpp"

#include "core/run/live_engine.hpp"

namespace sgl {

SessionAutosave::SessionAutosave(const std::string& folder) {
  if (!folder.empty()) file_.emplace(folder);
}

void SessionAutosave::poll(LiveEngine& engine, const Scenario& base, std::uint64_t version,
                           double now) {
  if (!file_) return;
  if (std::optional<JobOutcome> outcome = job_.take_outcome())
    error_ = outcome->ok || outcome->cancelled ? "" : "autosave failed: " + outcome->message;
  if (version == saved_version_ || job_.running() || now - last_poll_ < kPollSeconds) return;
  saved_version_ = version;
  last_poll_ = now;
  // The job owns copies of everything but the engine, which outlives it (the job is a member
  // declared after the engine's owner's engine, and joined first).
  job_.start([&engine, base, file = *file_, last = last_written_](JobControl&) {
    const std::string text = scenario_to_json(recovery_scenario(base, engine.session_state()));
    if (text == *last) return std::string();
    file.write(text);
    *last = text;
    return std::string();
  });
}

}  // namespace sgl
