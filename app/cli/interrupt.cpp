#include "app/cli/interrupt.hpp"

#include <unistd.h>

#include <csignal>

namespace sgl {
namespace {

constexpr int kInterruptSignals[] = {SIGINT, SIGTERM, SIGHUP};

volatile std::sig_atomic_t g_interrupted = 0;
volatile std::sig_atomic_t g_installed = 0;
void (*volatile g_cleanup)() = nullptr;
int g_wake_pipe[2] = {-1, -1};

[[noreturn]] void clean_up_and_exit() {
  if (auto cleanup = g_cleanup) cleanup();
  constexpr char kMessage[] = "\ninterrupted: no output written\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(kInterruptedExitCode);
}

void on_interrupt(int) {
  if (g_interrupted != 0) clean_up_and_exit();  // a second Ctrl+C: stop now
  g_interrupted = 1;
  if (g_wake_pipe[1] >= 0) {
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(g_wake_pipe[1], &byte, 1);
  }
  ::alarm(kInterruptGraceSeconds);
}

void on_grace_expired(int) {
  clean_up_and_exit();
}

}  // namespace

void install_interrupt_handlers() {
  if (g_installed != 0) return;
  g_installed = 1;
  if (::pipe(g_wake_pipe) != 0) g_wake_pipe[0] = g_wake_pipe[1] = -1;
  for (int signal_number : kInterruptSignals) {
    struct sigaction previous {};
    ::sigaction(signal_number, nullptr, &previous);
    if (previous.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal_number, &action, nullptr);
  }
  struct sigaction alarm_action {};
  alarm_action.sa_handler = on_grace_expired;
  sigemptyset(&alarm_action.sa_mask);
  ::sigaction(SIGALRM, &alarm_action, nullptr);
}

int interrupt_wake_fd() {
  return g_wake_pipe[0];
}

bool interrupt_requested() {
  return g_interrupted != 0;
}

void throw_if_interrupted() {
  if (interrupt_requested()) throw Interrupted();
}

void set_emergency_cleanup(void (*cleanup)()) {
  g_cleanup = cleanup;
}

}  // namespace sgl
