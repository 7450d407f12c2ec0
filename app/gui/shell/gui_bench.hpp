// `sgmcmc-lab gui --bench-frames N`: frame-time statistics of the full window with 6 chains
// running at full speed and ≥ 10⁶ stored draws each, and the sampler throughput with the window
// open compared with the same chains headless.
#pragma once

namespace sgl {

int run_gui_benchmark(int frames);

}  // namespace sgl
