// `sgmcmc-lab gui --bench-frames N`: frame-time statistics of the full window with 6 chains
// running at full speed and ≥ 10⁶ stored draws each, and the sampler throughput with the window
// open compared with the same chains headless, the same frames with plot caching off, each
// window's rasterising cost, a per-panel profile, and the paused window's cost (frames, CPU).
// SGL_DEBUG_REDRAW=1 also names every window whose picture changed while paused (a paused
// window should redraw nothing).
#pragma once

#include <string>

namespace sgl {

// With `screenshot_path`, the last measured frame is also saved there as a PNG.
int run_gui_benchmark(int frames, const std::string& screenshot_path = {});

}  // namespace sgl
