// The Metrics panel's columns: one cell per chain for every number it can show (work, speed,
// acceptance, the samplers' info channels, ESS, TV/KL, divergences, status, what the draws
// are), each with its colour and tooltip. metrics_view.cpp fits them to the panel.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/panels/view_context.hpp"

namespace sgl {

inline const char* const kMetricDash = "—";  // a number that cannot be computed yet

struct MetricCell {
  MetricCell(std::string text_, ImU32 colour_ = 0, std::string tooltip_ = {})
      : text(std::move(text_)), colour(colour_), tooltip(std::move(tooltip_)) {}
  std::string text;
  ImU32 colour;  // 0 = the default text colour
  std::string tooltip;
};

struct MetricColumn {
  std::string header;
  std::string term;  // glossary entry for the header's tooltip
  int keep_rank;     // util/column_fit.hpp: higher is kept longer on a narrow panel
  std::vector<MetricCell> cells;
  std::string definition = {};  // the tooltip when the glossary has no entry for `term`
  // On a card the value alone ("exact", not "draws are exact"): with its header it filled a
  // card's only line at 1280x720 and left no room for ESS or TV.
  bool value_only_on_cards = false;
  std::string card_text(std::size_t row) const {
    return value_only_on_cards ? cells[row].text : header + " " + cells[row].text;
  }
};

// Every column's cells, one per chain, in the table's order.
std::vector<MetricColumn> metric_columns(const ViewContext& context);

}  // namespace sgl
