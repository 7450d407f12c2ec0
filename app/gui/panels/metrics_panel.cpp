#include "app/gui/panels/metrics_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/gui/panels/views.hpp"

namespace sgl {
namespace {

bool same_rows(const EngineSnapshot& a, const EngineSnapshot& b) {
  return a.running == b.running &&
         std::equal(a.chains.begin(), a.chains.end(), b.chains.begin(), b.chains.end(),
                    [](const ChainSnapshot& x, const ChainSnapshot& y) {
                      return x.id == y.id && x.label == y.label && x.enabled == y.enabled &&
                             x.stopped == y.stopped;
                    });
}

}  // namespace

void MetricsPanel::draw(ViewContext& context) {
  const double now = ImGui::GetTime();
  if (!table_snapshot_ || now - table_snapshot_at_ >= 1.0 / kTableRefreshHz ||
      !same_rows(*table_snapshot_, *context.snapshot)) {
    table_snapshot_ = context.snapshot;
    table_snapshot_at_ = now;
  }
  ViewContext table_context = context;
  table_context.snapshot = table_snapshot_;
  show_metrics_view(table_context);
}

ViewDrawFunction MetricsPanel::export_view() const {
  return show_metrics_view;
}

}  // namespace sgl
