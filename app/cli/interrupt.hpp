// Ctrl+C (SIGINT), SIGTERM and SIGHUP during a command-line run. The first signal only raises a
// flag: the long loops poll it between slices, throw Interrupted, the temporary output directory
// is removed as the stack unwinds, and main() exits with kInterruptedExitCode. In case some
// phase does not poll (or a second signal comes), the handler itself removes the staged output
// (through the registered async-signal-safe cleanup) and ends the process with the same code
// after kInterruptGraceSeconds.
#pragma once

#include <stdexcept>

namespace sgl {

inline constexpr int kInterruptedExitCode = 130;  // 128 + SIGINT, as shells report Ctrl+C
inline constexpr unsigned kInterruptGraceSeconds = 2;

class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// Idempotent. Signals that were ignored when we started (nohup, background jobs) stay ignored.
void install_interrupt_handlers();

bool interrupt_requested();

// A file descriptor that becomes readable when a signal arrives (the handler writes a byte to a
// pipe, which is async-signal-safe), for a thread that must wake something sleeping (the GUI's
// event loop) rather than poll the flag; -1 before install_interrupt_handlers.
int interrupt_wake_fd();

// Throws Interrupted once a signal has arrived.
void throw_if_interrupted();

// The emergency cleanup the handler runs before ending the process itself (null: none). It must
// only make async-signal-safe calls.
void set_emergency_cleanup(void (*cleanup)());

}  // namespace sgl
