// The --status-file: a small text snapshot of the window's state, rewritten atomically every few
// frames, so that tests driving the app with xdotool can read what happened (steps counted, run
// state, each chain's parameters, where panels and sliders are).
#pragma once

#include <string>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

// Lines: "frame N", "running 0|1", "steps TOTAL", "scale S" (fonts = 20 px × S), "chain ID
// SAMPLER steps N stopped 0|1 params k=v,...", "label ID TEXT", "rect NAME X Y W H" (panels,
// sliders, legend entries, and "plot/<panel>/<k>" for the data area of each plot drawn in the
// last frame). Returns false (and says why) if the file cannot be written.
bool write_status_file(const std::string& path, const EngineSnapshot& snapshot, long frame,
                       float ui_scale, std::string& error);

}  // namespace sgl
