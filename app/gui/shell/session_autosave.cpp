#include "app/gui/shell/session_autosave.hpp"

#include <cstdio>

#include "core/run/live_engine.hpp"

namespace sgl {

namespace {

void append_params(std::string& key, const ParamValues& params) {
  char number[32];
  for (const auto& [name, value] : params) {
    std::snprintf(number, sizeof number, "%.17g", value);
    key += name + "=" + number + ",";
  }
}

}  // namespace

SessionAutosave::SessionAutosave(const std::string& folder) {
  if (!folder.empty()) file_.emplace(folder);
}

std::string SessionAutosave::settings_key(const Scenario& base, const EngineSnapshot& shown) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on "literal" + std::string.
  std::string key;
  const auto add = [&key](const std::string& piece) {
    key += piece;
    key += '|';
  };
  add(base.name);
  add(base.layout.mode);
  for (const std::string& panel : base.layout.panels) add(panel);
  for (const auto& [panel, settings] : base.layout.settings) add(panel + settings);
  const TargetSpec& target = shown.target_spec;
  for (const std::string* field :
       {&target.id, &target.data_csv, &target.response, &target.potential})
    add(*field);
  append_params(key, target.params);
  add(std::to_string(shown.seed));
  add(std::to_string(shown.steps_per_second));
  for (const ChainSnapshot& chain : shown.chains) {
    add(std::to_string(chain.id));
    add(chain.sampler_id);
    add(chain.enabled ? "on" : "off");
    add(chain.label);
    append_params(key, chain.params);
  }
  return key;
}

void SessionAutosave::poll(LiveEngine& engine, const Scenario& base, const EngineSnapshot& shown,
                           double now) {
  if (!file_) return;
  if (std::optional<JobOutcome> outcome = job_.take_outcome())
    error_ = outcome->ok || outcome->cancelled ? "" : "autosave failed: " + outcome->message;
  if (job_.running() || now - last_poll_ < kPollSeconds) return;
  std::string key = settings_key(base, shown);
  const bool refresh = shown.running && now - last_poll_ >= kRefreshSeconds;
  if (key == saved_key_ && !refresh) return;
  saved_key_ = std::move(key);
  last_poll_ = now;
  // The job holds copies of everything but the engine, which outlives it (the shell declares
  // the autosave after the engine, so it is destroyed, and its job joined, first).
  job_.start([&engine, base, file = *file_, last = last_written_](JobControl&) {
    const std::string text = scenario_to_json(recovery_scenario(base, engine.session_state()));
    if (text == *last) return std::string();
    file.write(text);
    *last = text;
    return std::string();
  });
}

}  // namespace sgl
