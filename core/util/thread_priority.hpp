// Background priority for the threads that sample while a window is open. On a machine with
// few cores the window's own thread (which, under software GL, rasterises every frame on the
// CPU) competed with the live engine's threads for the same cores, and frames got slower as the
// engine got more threads; at a lower priority the sampling threads still take every cycle the
// window leaves, but the window is served first.
#pragma once

namespace sgl {

// Lowers the calling thread's scheduling priority (nice +5 on Linux); does nothing elsewhere or
// if the system refuses.
void lower_this_thread_priority();

}  // namespace sgl
