// Runs sgmcmc-lab as a child process under a time and address-space cap, capturing stdout,
// stderr, how it ended and its peak RSS (getrusage through wait4). Used by the fuzz and
// hostile-input tests; the cap is what makes a hostile input that reaches the allocator visible.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace sgl_test {

struct CappedResult {
  bool exited = false;  // normal exit (exit_code valid)
  int exit_code = -1;
  int signal = 0;          // the signal that ended it, if any
  bool timed_out = false;  // killed by us after the time cap
  long max_rss_kb = 0;
  double seconds = 0.0;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `io_prefix`.stdout / .stderr receive the output. address_space_bytes 0 = no cap (sanitizer
// builds reserve terabytes of shadow memory and cannot run under one). `interrupt_after`
// > 0 sends `interrupt_signal` once that many seconds have passed.
inline CappedResult run_capped(const std::string& exe, const std::vector<std::string>& args,
                               const std::string& io_prefix, double timeout_seconds,
                               unsigned long long address_space_bytes, double interrupt_after = 0.0,
                               int interrupt_signal = SIGINT) {
  const std::string out_path = io_prefix + ".stdout", err_path = io_prefix + ".stderr";
  std::vector<char*> argv;
  std::vector<std::string> storage = {exe};
  storage.insert(storage.end(), args.begin(), args.end());
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int none = ::open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || none < 0) ::_exit(120);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::dup2(none, 0);
    if (address_space_bytes > 0) {
      rlimit limit{address_space_bytes, address_space_bytes};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    ::execv(exe.c_str(), argv.data());
    ::_exit(121);
  }
  CappedResult result;
  const auto start = std::chrono::steady_clock::now();
  bool interrupted = false;
  int status = 0;
  rusage usage{};
  while (true) {
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (interrupt_after > 0 && !interrupted && elapsed >= interrupt_after) {
      ::kill(pid, interrupt_signal);
      interrupted = true;
    }
    if (elapsed > timeout_seconds && !result.timed_out) {
      ::kill(pid, SIGKILL);
      result.timed_out = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.exited = WIFEXITED(status);
  result.exit_code = result.exited ? WEXITSTATUS(status) : -1;
  result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  result.max_rss_kb = usage.ru_maxrss;
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  return result;
}

}  // namespace sgl_test
