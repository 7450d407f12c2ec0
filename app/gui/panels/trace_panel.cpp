#include "app/gui/panels/trace_panel.hpp"

#include <array>
#include <utility>

#include "app/gui/panels/settings_json.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {
namespace {

// The window's names in the session file.
constexpr std::array<std::pair<TraceWindow, const char*>, 3> kWindowNames{{
    {TraceWindow::Recent, "recent"},
    {TraceWindow::WholeRun, "whole_run"},
    {TraceWindow::Channel, "channel"},
}};

}  // namespace

TracePanel::TracePanel(const PanelEntry& entry) : ViewPanel(entry, show_trace_view) {}

ViewDrawFunction TracePanel::run_figure() const {
  TraceSettings whole_run;
  whole_run.window = TraceWindow::WholeRun;
  return drawing(whole_run);
}

nlohmann::ordered_json TracePanel::save_settings() const {
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  for (const auto& [window, name] : kWindowNames)
    if (window == settings().window && window != TraceSettings{}.window) saved["window"] = name;
  settings_json::write(saved, "channel", settings().channel, std::string());
  return saved;
}

void TracePanel::restore_settings(const nlohmann::ordered_json& saved) {
  std::string name;
  settings_json::read(saved, "window", name);
  for (const auto& [window, known] : kWindowNames)
    if (name == known) settings().window = window;
  settings_json::read(saved, "channel", settings().channel);
}

}  // namespace sgl
