// The Experiment panel's result plots and table: the sweep's two panels (covariance error
// against autocorrelation time, and the first draws) and the reference comparison (a table of
// acceptance, mean error and CT, and posterior means or variances against the reference chain's).
// The panel arranges them (util/pane_arrangement.hpp) from the sizes given here.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/scenario/experiment.hpp"
#include "app/scenario/scenario_run.hpp"
#include "core/plot/pane_arrangement.hpp"

namespace sgl {

// The colour of a chain label's series (the live chain's where one has that label).
using LabelColour = std::function<std::uint32_t(const std::string&)>;

// A plot pane's minimum size (plus `extra_height` for controls above it), and the free area.
PaneSize minimum_plot(float extra_height = 0.0f);
PaneSize available_area();

// size as plot::BeginPlot: 0 = all the available width/height.
void sweep_error_plot(const SweepResult& sweep, const LabelColour& colours, ImVec2 size);
void sweep_draws_plot(const SweepResult& sweep, const LabelColour& colours, ImVec2 size);

// The reference table's natural size, and the table itself (`width` 0 = the panel's).
PaneSize reference_table_size(const std::vector<ChainReport>& reports);
void reference_table(const std::vector<ChainReport>& reports, float width);
// Posterior means (or variances) of each chain against the reference chain's, with y = x.
void reference_plot(const std::vector<ChainReport>& reports, const ChainReport& reference,
                    const LabelColour& colours, bool means);

}  // namespace sgl
