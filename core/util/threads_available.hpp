// Whether this build can start threads. The browser build (emscripten without -pthread, so that
// it runs on any static host) cannot: std::thread fails there, so whatever would run beside the
// UI runs on the one thread instead (the live engine in slices per frame, background jobs to
// completion when started) and the thread counts default to 1.
#pragma once

namespace sgl {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAvailable = false;
#else
inline constexpr bool kThreadsAvailable = true;
#endif

}  // namespace sgl
