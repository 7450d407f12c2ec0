#include "app/gui/panels/param_widgets.hpp"

#include "app/gui/shell/ui_probe.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace sgl {
namespace {

bool applies(const ParamDescriptor& descriptor, bool data_target) {
  if (descriptor.scope == ParamScope::DataTargetsOnly) return data_target;
  if (descriptor.scope == ParamScope::AnalyticTargetsOnly) return !data_target;
  return true;
}

// Slider bounds: the descriptor's range, narrowed where the full range is useless on a slider
// (batch sizes beyond n). Ctrl+click still allows typing any valid value.
void slider_bounds(const ParamDescriptor& descriptor, const ParamWidgetLimits& limits, double& lo,
                   double& hi) {
  lo = descriptor.min;
  hi = descriptor.max;
  if (const auto derived = limits.slider_ranges.find(descriptor.name);
      derived != limits.slider_ranges.end()) {
    lo = std::max(derived->second.lo, descriptor.min);
    hi = std::min(derived->second.hi, descriptor.max);
    if (lo >= hi) lo = descriptor.min;
    return;
  }
  if (descriptor.name == "batch_size" && limits.max_batch_size > 0)
    hi = std::min(hi, limits.max_batch_size);
  if (descriptor.log_scale && lo <= 0.0) lo = std::min(1e-6, hi);
}

bool edit_one(const ParamDescriptor& descriptor, double& value, const ParamWidgetLimits& limits) {
  const std::string label = descriptor.label + "##" + descriptor.name;
  bool changed = false;
  switch (descriptor.kind) {
    case ParamKind::Boolean: {
      bool on = value != 0.0;
      changed = ImGui::Checkbox(label.c_str(), &on);
      value = on ? 1.0 : 0.0;
      break;
    }
    case ParamKind::Choice: {
      int index = static_cast<int>(value);
      const std::string preview = index >= 0 && index < static_cast<int>(descriptor.choices.size())
                                      ? descriptor.choices[std::size_t(index)]
                                      : "?";
      if (ImGui::BeginCombo(label.c_str(), preview.c_str())) {
        for (std::size_t i = 0; i < descriptor.choices.size(); ++i) {
          if (ImGui::Selectable(descriptor.choices[i].c_str(), static_cast<int>(i) == index)) {
            value = static_cast<double>(i);
            changed = true;
          }
        }
        ImGui::EndCombo();
      }
      break;
    }
    case ParamKind::Integer:
    case ParamKind::Real: {
      double lo = 0, hi = 1;
      slider_bounds(descriptor, limits, lo, hi);
      const auto derived = limits.slider_ranges.find(descriptor.name);
      const bool has_derived_range = derived != limits.slider_ranges.end();
      // A derived range is only the slider's: a value typed with Ctrl+click may lie outside it
      // (it is clamped to the descriptor's range below), so it is not clamped to the slider.
      ImGuiSliderFlags flags =
          has_derived_range ? ImGuiSliderFlags_None : ImGuiSliderFlags_AlwaysClamp;
      if (has_derived_range ? derived->second.logarithmic : descriptor.log_scale)
        flags |= ImGuiSliderFlags_Logarithmic;
      // "auto" for the 0 of a zero-means-auto parameter (ImGui shows a format without % as is).
      const char* format = descriptor.zero_means_auto && value == 0.0 ? "auto"
                           : descriptor.kind == ParamKind::Integer    ? "%.0f"
                                                                      : "%.4g";
      double edited = value;
      if (ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &edited, &lo, &hi, format,
                              flags)) {
        if (descriptor.kind == ParamKind::Integer) edited = std::round(edited);
        // Clamp to the descriptor's own range (typed values may leave the slider's range).
        edited = std::clamp(edited, descriptor.min, descriptor.max);
        if (std::isfinite(edited) && edited != value) {
          value = edited;
          changed = true;
        }
      }
      break;
    }
  }
  if (ImGui::IsItemHovered() && !descriptor.tooltip.empty()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted((descriptor.name + ": " + descriptor.tooltip).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  return changed;
}

}  // namespace

bool edit_params(std::vector<ParamDescriptor> const& descriptors, ParamValues& values,
                 const ParamWidgetLimits& limits) {
  bool changed = false;
  for (const auto& descriptor : descriptors) {
    if (!applies(descriptor, limits.data_target)) continue;
    auto it = values.find(descriptor.name);
    const auto shown = limits.shown_defaults.find(descriptor.name);
    double value = it != values.end()                     ? it->second
                   : shown != limits.shown_defaults.end() ? shown->second
                                                          : descriptor.default_value;
    const bool edited = edit_one(descriptor, value, limits);
    if (!limits.probe_prefix.empty())
      ui_probe::record_last_item(limits.probe_prefix + descriptor.name);
    if (descriptor.name == limits.error_param && !limits.error_text.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 30, 30, 255));
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(limits.error_text.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
    }
    if (edited) {
      values[descriptor.name] = value;
      changed = true;
    }
  }
  return changed;
}

}  // namespace sgl
