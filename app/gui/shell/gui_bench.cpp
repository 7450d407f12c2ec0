#include "app/gui/shell/gui_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "app/gui/shell/app_shell.hpp"
#include "app/gui/shell/gui_style.hpp"
#include "app/gui/shell/gui_window.hpp"

namespace sgl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kStoredDraws = 1'000'000;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Six chains on Chen's double well at full speed, each keeping its newest 2^20 draws.
LiveSetup benchmark_setup() {
  LiveSetup setup;
  setup.target = TargetSpec{"chen-doublewell", {}, "", "y"};
  setup.steps_per_second = 0.0;
  setup.draw_capacity = 1u << 20;
  setup.chains = {
      {"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 10}}, true},
      {"naive-sghmc", {{"step_size", 0.1}, {"leapfrog_steps", 50}, {"noise_var", 4}}, true},
      {"sghmc",
       {{"step_size", 0.1}, {"friction", 1}, {"noise_estimate", 0.2}, {"noise_var", 4}},
       true},
      {"sgld", {{"step_size", 0.05}, {"noise_var", 4}}, true},
      {"sgd-momentum", {{"noise_var", 4}}, true},
      {"sghmc", {{"step_size", 0.05}, {"friction", 3}, {"noise_var", 4}}, true},
  };
  return setup;
}

std::uint64_t total_steps(const EngineSnapshot& snapshot) {
  std::uint64_t steps = 0;
  for (const auto& chain : snapshot.chains) steps += chain.counters.steps;
  return steps;
}

std::size_t fewest_stored(const EngineSnapshot& snapshot) {
  std::size_t fewest = snapshot.chains.empty() ? 0 : SIZE_MAX;
  for (const auto& chain : snapshot.chains) fewest = std::min(fewest, chain.stored_draws);
  return fewest;
}

// Steps per second of the same chains with no window, measured over `seconds`.
double headless_throughput(double seconds) {
  LiveEngine engine(benchmark_setup());
  std::this_thread::sleep_for(std::chrono::duration<double>(0.5));  // let the slices settle
  const std::uint64_t settled = total_steps(*engine.snapshot());
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const std::uint64_t end_steps = total_steps(*engine.snapshot());
  return double(end_steps - settled) / seconds_since(start);
}

long resident_megabytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  long value = 0;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> value;
      return value / 1024;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(fraction * double(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

}  // namespace

int run_gui_benchmark(int frames) {
  std::printf("headless: measuring 6 chains without a window (3 s)...\n");
  const double headless = headless_throughput(3.0);
  std::printf("headless: %.2f M steps/s over all chains\n", headless / 1e6);

  GuiWindow window;
  // The reference size, whatever the monitor: frame times compare across machines.
  WindowOptions window_options;
  window_options.width = 1600;
  window_options.height = 1000;
  window_options.vsync = false;
  if (!window.open(window_options)) return 1;
  auto shell = std::make_unique<AppShell>(benchmark_setup());

  auto draw_one_frame = [&] {
    window.begin_frame();
    shell->frame(window.font_size(), window.take_key_presses());
    window.render(kBackgroundRgb[0], kBackgroundRgb[1], kBackgroundRgb[2]);
    window.end_frame();
  };

  std::printf("gui: filling every chain's store to %zu draws...\n", kStoredDraws);
  const auto fill_start = Clock::now();
  while (fewest_stored(*shell->snapshot()) < kStoredDraws && seconds_since(fill_start) < 120.0)
    draw_one_frame();
  std::printf("gui: fewest stored draws %zu after %.1f s\n", fewest_stored(*shell->snapshot()),
              seconds_since(fill_start));

  std::vector<double> frame_ms;
  frame_ms.reserve(std::size_t(frames));
  const std::uint64_t steps_before = total_steps(*shell->snapshot());
  const auto run_start = Clock::now();
  for (int frame = 0; frame < frames && !window.should_close(); ++frame) {
    const auto start = Clock::now();
    draw_one_frame();
    frame_ms.push_back(seconds_since(start) * 1e3);
  }
  const double elapsed = seconds_since(run_start);
  const ImGuiIO& io = ImGui::GetIO();
  std::printf("draw data: %d vertices, %d indices per frame\n", io.MetricsRenderVertices,
              io.MetricsRenderIndices);
  const double with_gui = double(total_steps(*shell->snapshot()) - steps_before) / elapsed;

  std::printf("frames: %d at %dx%d, median %.2f ms, p95 %.2f ms, max %.2f ms\n",
              int(frame_ms.size()), window.framebuffer_width(), window.framebuffer_height(),
              percentile(frame_ms, 0.5), percentile(frame_ms, 0.95), percentile(frame_ms, 1.0));
  std::printf("throughput: %.2f M steps/s with the window open, %.2f M steps/s headless (%.0f%%)\n",
              with_gui / 1e6, headless / 1e6, 100.0 * with_gui / headless);
  // Profile: the median frame with each panel hidden in turn shows what each one costs.
  auto median_frame_ms = [&](int count) {
    std::vector<double> times;
    for (int frame = 0; frame < count; ++frame) {
      const auto start = Clock::now();
      draw_one_frame();
      times.push_back(seconds_since(start) * 1e3);
    }
    return percentile(times, 0.5);
  };
  const double all_panels = median_frame_ms(40);
  std::printf("profile: median frame %.2f ms with every panel; saved by hiding one panel:\n",
              all_panels);
  for (const std::string& name : shell->panel_names()) {
    shell->set_panel_visible(name, false);
    const double without = median_frame_ms(40);
    shell->set_panel_visible(name, true);
    std::printf("  %-20s %6.2f ms\n", name.c_str(), all_panels - without);
  }
  for (const std::string& name : shell->panel_names()) shell->set_panel_visible(name, false);
  std::printf("  (no panel at all: %.2f ms per frame)\n", median_frame_ms(40));
  for (const std::string& name : shell->panel_names()) shell->set_panel_visible(name, true);

  shell->engine().set_running(false);
  shell->engine().wait_until_idle();
  std::printf("  (every panel, sampling paused: %.2f ms per frame)\n", median_frame_ms(40));

  std::printf("memory: %ld MB resident, fewest stored draws per chain %zu\n", resident_megabytes(),
              fewest_stored(*shell->snapshot()));
  shell.reset();
  return report_gl_errors() == 0 ? 0 : 1;
}

}  // namespace sgl
