#include "app/gui/panels/param_widgets.hpp"

#include "app/gui/panels/chain_guidance.hpp"

#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/slider_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// Where ImGui puts the grab of a floating-point slider (SliderBehaviorT): GrabMinSize wide, 2 px
// in from the frame, at the value's fraction of the (log-)range; log ranges below ImGui's zero
// epsilon (10^-precision of the format) start at that epsilon, as ImGui's do.
float grab_fraction(double value, double lo, double hi, bool logarithmic, const char* format) {
  if (!(hi > lo)) return 0.0f;
  value = std::clamp(value, lo, hi);
  if (!logarithmic || lo < 0.0) return static_cast<float>((value - lo) / (hi - lo));
  int precision = 3;  // ImGui's default when the format has none
  if (const char* dot = std::strstr(format, "%."); dot != nullptr) precision = std::atoi(dot + 2);
  const double epsilon = std::pow(0.1, precision);
  const double from = std::max(lo, epsilon), to = std::max(hi, epsilon);
  if (value <= from || to <= from) return 0.0f;
  return static_cast<float>(std::log(value / from) / std::log(to / from));
}

ImU32 zone_colour(StabilityLevel level) {
  switch (level) {
    case StabilityLevel::Unstable:
      return IM_COL32(205, 35, 35, 255);
    case StabilityLevel::Marginal:
      return IM_COL32(240, 160, 40, 255);
    case StabilityLevel::TooSmall:
      return IM_COL32(150, 150, 150, 255);
    case StabilityLevel::Stable:
      break;
  }
  return IM_COL32(0, 0, 0, 0);
}

const char* zone_name(StabilityLevel level) {
  switch (level) {
    case StabilityLevel::Unstable:
      return "unstable";
    case StabilityLevel::Marginal:
      return "marginal";
    case StabilityLevel::TooSmall:
      return "too_small";
    case StabilityLevel::Stable:
      break;
  }
  return "stable";
}

// The zones as a stripe along the bottom of the slider's frame, where the grab's centre would be
// at each value (a zone a few pixels wide still shows: C = 0 at the left end of friction).
void draw_zones(const std::vector<StabilityZone>& zones, double lo, double hi, bool logarithmic,
                const char* format, ImVec2 frame_min, ImVec2 frame_max, const std::string& probe) {
  const float grab_padding = 2.0f;  // ImGui's, in SliderBehaviorT
  const float usable = frame_max.x - frame_min.x - 2.0f * grab_padding;
  const float grab = std::min(ImGui::GetStyle().GrabMinSize, usable);
  const auto x_of = [&](double v) {
    return frame_min.x + grab_padding + 0.5f * grab +
           grab_fraction(v, lo, hi, logarithmic, format) * (usable - grab);
  };
  const float height = std::max(3.0f, 0.2f * (frame_max.y - frame_min.y));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (const StabilityZone& zone : zones) {
    if (zone.to < lo || zone.from > hi) continue;
    float x0 = zone.from <= lo ? frame_min.x + 1.0f : x_of(zone.from);
    float x1 = zone.to >= hi ? frame_max.x - 1.0f : x_of(zone.to);
    if (x1 - x0 < 3.0f) {
      if (zone.from <= lo)
        x1 = x0 + 3.0f;
      else
        x0 = x1 - 3.0f;
    }
    const ImVec2 a(x0, frame_max.y - height), b(x1, frame_max.y - 1.0f);
    if (zone.level == StabilityLevel::TooSmall) {
      // Dashed: a solid grey bar from the left end read as a fill level, not as a warning.
      const float dash = 2.0f * height;
      for (float x = x0; x < x1; x += 2.0f * dash)
        draw->AddRectFilled(ImVec2(x, a.y), ImVec2(std::min(x + dash, x1), b.y),
                            zone_colour(zone.level));
    } else {
      draw->AddRectFilled(a, b, zone_colour(zone.level));
    }
    if (!probe.empty())
      ui_probe::record_rect(probe + "/zone/" + zone_name(zone.level),
                            {a.x, a.y, b.x - a.x, b.y - a.y});
  }
}

// "Stripe under the slider: red from ε ≈ 0.71, the chain diverges; …" for the tooltip.
std::string zones_sentence(const std::vector<StabilityZone>& zones) {
  std::string red, orange, grey;
  char number[32];
  for (const StabilityZone& zone : zones) {
    if (zone.level == StabilityLevel::Unstable && zone.to - zone.from > 0.0) {
      std::snprintf(number, sizeof number, "%.3g", zone.from > 0.0 ? zone.from : zone.to);
      red += red.empty() ? "" : "; ";
      red += zone.from > 0.0 ? std::string("above ") + number : std::string("at 0");
    } else if (zone.level == StabilityLevel::Marginal) {
      orange = "orange: near the limit";
    } else if (zone.level == StabilityLevel::TooSmall) {
      grey = "grey: so small the chain barely moves";
    }
  }
  std::string text;
  if (!red.empty()) text = "red (" + red + "): the chain diverges";
  for (const std::string& part : {orange, grey})
    if (!part.empty()) text += (text.empty() ? "" : "; ") + part;
  return text.empty() ? text : "The stripe under the slider: " + text + ".";
}

}  // namespace

bool readable_slider(const std::string& label, double& value, double lo, double hi,
                     const char* format, int flags, const std::string& probe,
                     const std::vector<StabilityZone>* zones) {
  const std::string hidden = "##" + label;  // the same id whatever the label shows
  const bool typing = ImGui::TempInputIsActive(ImGui::GetID(hidden.c_str()));
  if (!typing) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
  const double before = value;
  bool changed =
      ImGui::SliderScalar(hidden.c_str(), ImGuiDataType_Double, &value, &lo, &hi, format, flags);
  if (!typing) ImGui::PopStyleColor();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 frame_min = ImGui::GetItemRectMin(), frame_max = ImGui::GetItemRectMax();
  // A drag that comes back to within a few pixels of where it started lands on the exact
  // starting value: dragged back by hand, ε = 0.1 became 0.09988, and only Ctrl+Z restored it.
  static ImGuiID held_id = 0;
  static double held_from = 0.0;
  const ImGuiID id = ImGui::GetItemID();
  if (ImGui::IsItemActivated()) {
    held_id = id;
    held_from = before;
  }
  if (!typing && changed && ImGui::IsItemActive() && held_id == id && value != held_from) {
    const bool logarithmic = (flags & ImGuiSliderFlags_Logarithmic) != 0;
    const float width = frame_max.x - frame_min.x;
    const float apart = std::abs(grab_fraction(value, lo, hi, logarithmic, format) -
                                 grab_fraction(held_from, lo, hi, logarithmic, format)) *
                        width;
    if (apart <= 4.0f) {
      value = held_from;
      changed = value != before;
    }
  }
  if (zones != nullptr && !zones->empty())
    draw_zones(*zones, lo, hi, (flags & ImGuiSliderFlags_Logarithmic) != 0, format, frame_min,
               frame_max, probe);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  const std::string name = label.substr(0, label.find("##"));
  const float text_y = frame_min.y + style.FramePadding.y;
  draw->AddText(ImVec2(frame_max.x + style.ItemInnerSpacing.x, text_y), text_colour, name.c_str());
  // The item's rectangle includes the label, as ImGui reports it for a labelled slider (input
  // tests drag along it, probes record it).
  if (!name.empty())
    GImGui->LastItemData.Rect.Max.x =
        frame_max.x + style.ItemInnerSpacing.x + ImGui::CalcTextSize(name.c_str()).x;
  if (typing) return changed;
  char text[64];
  if (std::strchr(format, '%') != nullptr)
    std::snprintf(text, sizeof text, format, value);
  else
    std::snprintf(text, sizeof text, "%s", format);
  const float grab_padding = 2.0f;  // ImGui's, in SliderBehaviorT
  const float usable = frame_max.x - frame_min.x - 2.0f * grab_padding;
  const float grab = std::min(style.GrabMinSize, usable);
  const float fraction =
      grab_fraction(value, lo, hi, (flags & ImGuiSliderFlags_Logarithmic) != 0, format);
  const float grab_lo = frame_min.x + grab_padding + fraction * (usable - grab);
  const float text_width = ImGui::CalcTextSize(text).x;
  const SliderTextPlacement placed = place_slider_value(
      frame_min.x, frame_max.x, grab_lo, grab_lo + grab, text_width, style.FramePadding.x * 0.5f);
  const ImVec2 at(placed.x, text_y);
  if (placed.overlaps_grab)  // no room beside the grab: the number on a backdrop above it
    draw->AddRectFilled(ImVec2(at.x - 2.0f, frame_min.y + 2.0f),
                        ImVec2(at.x + text_width + 2.0f, frame_max.y - 2.0f),
                        ImGui::GetColorU32(ImGuiCol_FrameBg));
  draw->AddText(at, text_colour, text);
  if (!probe.empty()) {  // "chain1/step_size/grab": a window test checks the two never overlap
    ui_probe::record_rect(probe + "/grab", {grab_lo, frame_min.y, grab, frame_max.y - frame_min.y});
    ui_probe::record_rect(probe + (placed.overlaps_grab ? "/value_on_backdrop" : "/value"),
                          {at.x, text_y, text_width, ImGui::GetTextLineHeight()});
  }
  return changed;
}

namespace {

// `note`: set to a few words to show under the widget (after its probe is recorded).
bool edit_one(const ParamDescriptor& descriptor, double& value, const ParamWidgetLimits& limits,
              const std::string*& note) {
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
      const std::string probe =
          limits.probe_prefix.empty() ? "" : limits.probe_prefix + descriptor.name;
      std::string slider_label = label;
      if (limits.label_above) {
        // The name, close above its slider; the slider spans the row (its rectangle is the
        // frame alone, as probes and input tests see it).
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                            ImVec2(ImGui::GetStyle().ItemSpacing.x, 1.0f));
        ImGui::TextUnformatted(descriptor.label.c_str());
        ImGui::PopStyleVar();
        ImGui::SetNextItemWidth(-1.0f);
        slider_label = "##" + descriptor.name;
      }
      const auto zones = limits.slider_zones.find(descriptor.name);
      if (readable_slider(slider_label, edited, lo, hi, format, flags, probe,
                          zones != limits.slider_zones.end() ? &zones->second : nullptr)) {
        if (descriptor.kind == ParamKind::Integer) edited = std::round(edited);
        // The left end of a zero-at-bottom slider is 0 (SGHMC's C = 0: no friction).
        if (has_derived_range && derived->second.zero_at_bottom && edited <= lo) edited = 0.0;
        // Clamp to the descriptor's own range (typed values may leave the slider's range).
        edited = std::clamp(edited, descriptor.min, descriptor.max);
        if (std::isfinite(edited) && edited != value) {
          value = edited;
          changed = true;
        }
      }
      // At a left end held by another parameter, why, in a few words under the slider (after
      // its tooltip, which belongs to the slider).
      if (has_derived_range && !derived->second.lo_note.empty() && value <= lo * (1.0 + 1e-9))
        note = &derived->second.lo_note;
      break;
    }
  }
  if (ImGui::IsItemHovered() && !descriptor.tooltip.empty()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted((descriptor.label + ": " + descriptor.tooltip).c_str());
    // Where another parameter holds the slider's left end, why (SGHMC's C ≥ B̂).
    if (const auto derived = limits.slider_ranges.find(descriptor.name);
        derived != limits.slider_ranges.end() && !derived->second.lo_reason.empty())
      ImGui::TextUnformatted(derived->second.lo_reason.c_str());
    if (const auto zones = limits.slider_zones.find(descriptor.name);
        zones != limits.slider_zones.end())
      if (const std::string sentence = zones_sentence(zones->second); !sentence.empty())
        ImGui::TextUnformatted(sentence.c_str());
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
    const std::string* note = nullptr;
    const bool edited = edit_one(descriptor, value, limits, note);
    if (!limits.probe_prefix.empty())
      ui_probe::record_last_item(limits.probe_prefix + descriptor.name);
    if (note != nullptr) {
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(150, 80, 0, 255));
      ImGui::TextWrapped("%s", note->c_str());
      ImGui::PopStyleColor();
      if (!limits.probe_prefix.empty())
        ui_probe::record_text(limits.probe_prefix + descriptor.name + "/lo_note", *note);
    }
    if (descriptor.name == limits.error_param && !limits.error_text.empty()) {
      show_refusal(limits.error_text);  // wrapped at spaces: "B̂ = 0.2" never split at its "."
    }
    if (edited) {
      values[descriptor.name] = value;
      changed = true;
    }
  }
  return changed;
}

}  // namespace sgl
