// ImGui widgets built from parameter descriptors: the same descriptors that the CLI parses, so
// every sampler and target setting has one name, one range and one tooltip everywhere.
#pragma once

#include <string>
#include <vector>

#include "util/params.hpp"

namespace sgl {

struct ParamWidgetLimits {
  // Upper bound for batch_size sliders (the number of data points); 0 = descriptor range.
  double max_batch_size = 0.0;
  bool data_target = false;
  // Prefix under which each widget's rectangle is recorded for input tests (ui_probe); empty =
  // none.
  std::string probe_prefix;
};

// Draws one widget per applicable descriptor, editing `values` (user values; a missing entry
// shows the default). Returns true if any value changed this frame.
bool edit_params(std::vector<ParamDescriptor> const& descriptors, ParamValues& values,
                 const ParamWidgetLimits& limits);

}  // namespace sgl
