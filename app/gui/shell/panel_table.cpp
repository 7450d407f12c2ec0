#include "app/gui/shell/panel_table.hpp"

#include "app/gui/panels/autocorrelation_panel.hpp"
#include "app/gui/panels/controls_panel.hpp"
#include "app/gui/panels/energy_panel.hpp"
#include "app/gui/panels/experiment_panel.hpp"
#include "app/gui/panels/gradient_noise_panel.hpp"
#include "app/gui/panels/histogram_panel.hpp"
#include "app/gui/panels/metrics_panel.hpp"
#include "app/gui/panels/notes_panel.hpp"
#include "app/gui/panels/phase_space_panel.hpp"
#include "app/gui/panels/predictive_view.hpp"
#include "app/gui/panels/target_panel.hpp"
#include "app/gui/panels/trace_panel.hpp"

namespace sgl {
namespace {

const PanelEntry& catalog_entry(PanelId id) {
  for (const PanelEntry& entry : panel_catalog())
    if (entry.id == id) return entry;
  return panel_catalog().front();  // unreachable: every PanelId has its catalog line
}

// The plug-in list: one case a panel. No default case: -Wswitch (an error under -Werror) names a
// catalog panel left out here. A panel whose view reads only the shared settings and owns
// nothing is a PlainViewPanel around its view function.
std::unique_ptr<Panel> make_panel_for(const PanelEntry& entry, const PanelOwners* owners) {
  switch (entry.id) {
    case PanelId::Controls:
      return owners ? std::make_unique<ControlsPanel>(entry, owners->controls) : nullptr;
    case PanelId::Notes:
      return owners ? std::make_unique<NotesPanel>(entry, owners->scenario) : nullptr;
    case PanelId::Experiment:
      return owners ? std::make_unique<ExperimentPanel>(entry, owners->scenario) : nullptr;
    case PanelId::Target:
      return std::make_unique<TargetPanel>(entry);
    case PanelId::PhaseSpace:
      return std::make_unique<PhaseSpacePanel>(entry);
    case PanelId::Histogram:
      return std::make_unique<HistogramPanel>(entry);
    case PanelId::Autocorrelation:
      return std::make_unique<AutocorrelationPanel>(entry);
    case PanelId::Energy:
      return std::make_unique<EnergyPanel>(entry);
    case PanelId::Trace:
      return std::make_unique<TracePanel>(entry);
    case PanelId::Metrics:
      return std::make_unique<MetricsPanel>(entry);
    case PanelId::GradientNoise:
      return std::make_unique<GradientNoisePanel>(entry);
    case PanelId::Predictive:
      return std::make_unique<PlainViewPanel>(entry, show_predictive_view);
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<Panel> make_panel(PanelId id, const PanelOwners* owners) {
  return make_panel_for(catalog_entry(id), owners);
}

std::vector<std::unique_ptr<Panel>> make_view_panels() {
  std::vector<std::unique_ptr<Panel>> panels;
  for (const PanelInfo& view : view_panels()) panels.push_back(make_panel(view.id));
  return panels;
}

std::vector<std::unique_ptr<Panel>> make_window_panels(const PanelOwners& owners) {
  std::vector<std::unique_ptr<Panel>> panels;
  for (const PanelInfo& panel : all_panels()) panels.push_back(make_panel(panel.id, &owners));
  return panels;
}

const std::vector<PanelInfo>& all_panels() {
  static const std::vector<PanelInfo> panels = [] {
    std::vector<PanelInfo> all;
    for (const PanelEntry& entry : panel_catalog())
      all.push_back(
          {entry.id, entry.title, entry.stem, entry.plot_view, entry.svg, entry.dashboard});
    return all;
  }();
  return panels;
}

const std::vector<PanelInfo>& view_panels() {
  static const std::vector<PanelInfo> panels = [] {
    std::vector<PanelInfo> views;
    for (const PanelInfo& panel : all_panels())
      if (panel.plot_view) views.push_back(panel);
    return views;
  }();
  return panels;
}

const PanelInfo* find_panel_by_stem(std::string_view stem) {
  for (const PanelInfo& panel : all_panels())
    if (stem == panel.stem) return &panel;
  return nullptr;
}

const PanelInfo* find_panel_by_title(std::string_view title) {
  for (const PanelInfo& panel : all_panels())
    if (title == panel.title) return &panel;
  return nullptr;
}

}  // namespace sgl
