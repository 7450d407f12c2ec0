// ImGui widgets built from parameter descriptors: the same descriptors that the CLI parses, so
// every sampler and target setting has one name, one range and one tooltip everywhere.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/samplers/stability_limits.hpp"
#include "core/samplers/stability_zones.hpp"
#include "core/util/params.hpp"

namespace sgl {

struct ParamWidgetLimits {
  // Upper bound for batch_size sliders (the number of data points); 0 = descriptor range.
  double max_batch_size = 0.0;
  bool data_target = false;
  // Prefix under which each widget's rectangle is recorded for input tests (ui_probe); empty =
  // none.
  std::string probe_prefix;
  // Slider ranges derived from the target and the other parameters (by parameter name), in place
  // of the descriptor's; Ctrl+click still accepts any value in the descriptor's range.
  std::map<std::string, SliderRange> slider_ranges;
  // Where along each slider (by parameter name) the chain is unstable, near its limit or barely
  // moves: drawn as a coloured stripe under the slider, explained in its tooltip.
  std::map<std::string, std::vector<StabilityZone>> slider_zones;
  // What a parameter the user has not set shows (by name): the value the chain runs with, e.g.
  // the data-aware defaults on a regression. Missing here: the descriptor's default.
  ParamValues shown_defaults;
  // Sliders take the whole width with their name on the line above (the chain parameters in a
  // narrow Controls panel), rather than a name column to their right.
  bool label_above = false;
  // A refused change of `error_param`: its message is shown right under that widget.
  std::string error_param;
  std::string error_text;
};

// Draws one widget per applicable descriptor, editing `values` (user values; a missing entry
// shows limits.shown_defaults' value, else the descriptor's default). Returns true if any value
// changed this frame.
bool edit_params(std::vector<ParamDescriptor> const& descriptors, ParamValues& values,
                 const ParamWidgetLimits& limits);

// ImGui's SliderScalar (double) with its value drawn where the grab is not
// (core/plot/slider_text.hpp), so the handle never covers the number being set; the label
// ("name##id") is drawn after the frame as ImGui draws it. `flags`: ImGuiSliderFlags. With a
// `probe` name, the grab's and the value's rectangles are recorded as PROBE/grab and PROBE/value.
// With `zones`, a stripe along the frame's bottom edge colours them (PROBE/zone/unstable, …).
bool readable_slider(const std::string& label, double& value, double lo, double hi,
                     const char* format, int flags, const std::string& probe = {},
                     const std::vector<StabilityZone>* zones = nullptr);

}  // namespace sgl
