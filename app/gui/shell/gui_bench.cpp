#include "app/gui/shell/gui_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <sys/resource.h>
#include "app/gui/gl/gl_api.hpp"

#include <cstdlib>
#include "app/gui/export/screenshot.hpp"
#include "app/gui/gl/draw_list_hash.hpp"
#include "app/gui/plot/plot_layer_cache.hpp"
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

// Six chains on Chen's double well at full speed, each keeping the default newest draws.
LiveSetup benchmark_setup() {
  LiveSetup setup;
  setup.target = TargetSpec{"chen-doublewell", {}, "", "y"};
  setup.steps_per_second = 0.0;
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

// User and system CPU time of the whole process (every thread), in seconds.
double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(fraction * double(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

// GPU cost of each ImGui draw list of the last frame (one per window), re-rendered alone with
// glFinish around it: llvmpipe's time per window, with its triangle count.
void print_draw_list_costs() {
  ImDrawData* frame = ImGui::GetDrawData();
  if (frame == nullptr) return;
  std::printf("gpu: per window, rendered alone (ms, triangles):\n");
  for (int k = 0; k < frame->CmdListsCount; ++k) {
    ImDrawList* list = frame->CmdLists[k];
    ImDrawData single = *frame;
    single.CmdLists = &list;
    single.CmdListsCount = 1;
    single.TotalIdxCount = list->IdxBuffer.Size;
    single.TotalVtxCount = list->VtxBuffer.Size;
    std::vector<double> times;
    for (int repeat = 0; repeat < 9; ++repeat) {
      glFinish();
      const auto start = Clock::now();
      ImGui_ImplOpenGL3_RenderDrawData(&single);
      glFinish();
      times.push_back(seconds_since(start) * 1e3);
    }
    std::sort(times.begin(), times.end());
    std::printf("  %-28s %7.2f ms %7d\n", list->_OwnerName ? list->_OwnerName : "?", times[4],
                list->IdxBuffer.Size / 3);
  }
}

}  // namespace

int run_gui_benchmark(int frames, const std::string& screenshot_path) {
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

  // One frame as the window's loop runs it; returns the milliseconds of work (the 60 Hz pacing
  // sleep after it is not counted, but it is taken, so the sampler gets the CPU it would get).
  // Where a frame's time goes: building the UI (plots re-rasterised included), drawing the
  // damaged region and copying it to the back buffer, presenting it.
  std::vector<double> build_ms, draw_ms, present_ms;
  auto draw_one_frame = [&](bool paced) {
    const auto start = Clock::now();
    window.begin_frame();
    shell->frame(window.font_size(), window.take_key_presses());
    const auto built = Clock::now();
    window.render(kBackgroundRgb[0], kBackgroundRgb[1], kBackgroundRgb[2]);
    glFinish();  // so that "drawing" holds the rasterising, and "presenting" the copy to screen
    const auto drawn = Clock::now();
    window.end_frame();
    const double work = seconds_since(start) * 1e3;
    build_ms.push_back(std::chrono::duration<double, std::milli>(built - start).count());
    draw_ms.push_back(std::chrono::duration<double, std::milli>(drawn - built).count());
    present_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - drawn).count());
    if (paced) window.wait_for_next_frame(true, false);
    return work;
  };
  auto frame_times = [&](int count, bool paced) {
    std::vector<double> times;
    for (int frame = 0; frame < count && !window.should_close(); ++frame)
      times.push_back(draw_one_frame(paced));
    return times;
  };

  std::printf("gui: filling every chain's store to %zu draws...\n", kStoredDraws);
  const auto fill_start = Clock::now();
  while (fewest_stored(*shell->snapshot()) < kStoredDraws && seconds_since(fill_start) < 120.0)
    draw_one_frame(false);
  std::printf("gui: fewest stored draws %zu after %.1f s\n", fewest_stored(*shell->snapshot()),
              seconds_since(fill_start));

  plot::TakeLayerCounts();
  build_ms.clear();
  draw_ms.clear();
  present_ms.clear();
  const std::uint64_t steps_before = total_steps(*shell->snapshot());
  const auto run_start = Clock::now();
  std::vector<double> frame_ms;
  double damaged = 0.0;
  int drawn_frames = 0;
  std::vector<double> with_raster, without_raster;
  plot::LayerCounts layers;
  for (int frame = 0; frame < frames && !window.should_close(); ++frame) {
    frame_ms.push_back(draw_one_frame(true));
    const plot::LayerCounts counts = plot::TakeLayerCounts();
    layers.rendered += counts.rendered;
    layers.reused += counts.reused;
    (counts.rendered > 0 ? with_raster : without_raster).push_back(frame_ms.back());
    if (window.rendered()) {
      damaged += window.damaged_fraction();
      ++drawn_frames;
    }
  }
  const double elapsed = seconds_since(run_start);
  const double with_gui = double(total_steps(*shell->snapshot()) - steps_before) / elapsed;
  const ImGuiIO& io = ImGui::GetIO();
  std::printf("draw data: %d vertices, %d indices per frame (plot pictures cached)\n",
              io.MetricsRenderVertices, io.MetricsRenderIndices);
  std::printf(
      "frames: %d at %dx%d, median %.2f ms, p95 %.2f ms, max %.2f ms (6 chains running; "
      "plots re-rasterised %.1f per frame, %.1f shown from cache)\n",
      int(frame_ms.size()), window.framebuffer_width(), window.framebuffer_height(),
      percentile(frame_ms, 0.5), percentile(frame_ms, 0.95), percentile(frame_ms, 1.0),
      double(layers.rendered) / double(std::max<std::size_t>(frame_ms.size(), 1)),
      double(layers.reused) / double(std::max<std::size_t>(frame_ms.size(), 1)));
  std::printf("of which: %zu re-rasterised a plot (median %.2f ms), %zu did not (median %.2f ms)\n",
              with_raster.size(), percentile(with_raster, 0.5), without_raster.size(),
              percentile(without_raster, 0.5));
  std::printf("presenting: %s\n", window.presents_partially()
                                      ? "the changed rectangles only (GLX_MESA_copy_sub_buffer)"
                                      : "whole frames (offscreen copy, blit, swap)");
  std::printf(
      "frame parts: building the UI %.2f ms, drawing %.2f ms, presenting %.2f ms (medians)\n",
      percentile(build_ms, 0.5), percentile(draw_ms, 0.5), percentile(present_ms, 0.5));
  std::printf("redrawn: %d of %d frames, on average %.0f%% of the window each\n", drawn_frames,
              int(frame_ms.size()), 100.0 * damaged / std::max(drawn_frames, 1));
  std::printf("throughput: %.2f M steps/s with the window open, %.2f M steps/s headless (%.0f%%)\n",
              with_gui / 1e6, headless / 1e6, 100.0 * with_gui / headless);

  // The same frames with every plot drawn straight into the window (no cached pictures).
  plot::SetLayerCaching(false);
  const std::vector<double> uncached = frame_times(60, true);
  std::printf("uncached: median %.2f ms, p95 %.2f ms (every plot re-rasterised every frame)\n",
              percentile(uncached, 0.5), percentile(uncached, 0.95));
  window.force_render();  // the whole window, so each list below is measured whole
  draw_one_frame(false);
  print_draw_list_costs();
  plot::SetLayerCaching(true);

  // Profile: the median frame with each panel hidden in turn shows what each one costs.
  const double all_panels = percentile(frame_times(40, true), 0.5);
  std::printf("profile: median frame %.2f ms with every panel; saved by hiding one panel:\n",
              all_panels);
  for (const std::string& name : shell->panel_names()) {
    shell->set_panel_visible(name, false);
    const double without = percentile(frame_times(40, true), 0.5);
    shell->set_panel_visible(name, true);
    std::printf("  %-20s %6.2f ms\n", name.c_str(), all_panels - without);
  }
  for (const std::string& name : shell->panel_names()) shell->set_panel_visible(name, false);
  std::printf("  (no panel at all: %.2f ms per frame)\n", percentile(frame_times(40, true), 0.5));
  for (const std::string& name : shell->panel_names()) shell->set_panel_visible(name, true);

  if (!screenshot_path.empty()) {
    window.force_render();
    window.begin_frame();
    shell->frame(window.font_size(), window.take_key_presses());
    window.render(kBackgroundRgb[0], kBackgroundRgb[1], kBackgroundRgb[2]);
    std::string error;
    if (!save_framebuffer_png(screenshot_path, window.framebuffer_width(),
                              window.framebuffer_height(), error))
      std::fprintf(stderr, "error: %s\n", error.c_str());
    window.end_frame();
  }

  // Paused, no input: the window's own loop (it sleeps when nothing changes).
  shell->engine().set_running(false);
  shell->engine().wait_until_idle();
  shell->engine().set_publish_listener(GuiWindow::wake_up);
  // The worker finishes the last ACF/ESS after pausing: wait until it publishes no more.
  std::uint64_t last_version = shell->snapshot()->version;
  auto quiet_since = Clock::now();
  const auto settle_start = Clock::now();
  while (seconds_since(quiet_since) < 1.0 && seconds_since(settle_start) < 20.0) {
    draw_one_frame(true);
    if (shell->snapshot()->version != last_version) {
      last_version = shell->snapshot()->version;
      quiet_since = Clock::now();
    }
  }
  // (1) What a frame costs while paused with no input: built back to back (the window's own
  // loop builds one only when an event or a timed change wakes it).
  std::vector<double> idle_ms;
  int drawn = 0;
  std::vector<std::uint64_t> last_hashes;
  build_ms.clear();
  for (int frame = 0; frame < 60; ++frame) {
    idle_ms.push_back(draw_one_frame(false));
    if (std::getenv("SGL_DEBUG_REDRAW") != nullptr) {
      ImDrawData* data = ImGui::GetDrawData();
      last_hashes.resize(std::size_t(data->CmdListsCount));
      for (int k = 0; k < data->CmdListsCount; ++k) {
        const std::uint64_t h = gl::draw_list_hash(*data->CmdLists[k]);
        if (h != last_hashes[std::size_t(k)])
          std::printf("changed: %s\n", data->CmdLists[k]->_OwnerName);
        last_hashes[std::size_t(k)] = h;
      }
    }
    drawn += window.rendered() ? 1 : 0;
  }
  std::printf(
      "paused: median %.2f ms, max %.2f ms per frame (building the UI %.2f ms), %d of %d "
      "drawn\n",
      percentile(idle_ms, 0.5), percentile(idle_ms, 1.0), percentile(build_ms, 0.5), drawn,
      int(idle_ms.size()));
  // (2) The window's own loop, paused and left alone for 3 s: how often it wakes, and the CPU.
  // It first runs out the half second of 60 Hz frames that follows the last drawn frame.
  const auto window_busy = [&] {
    return shell->snapshot()->running || window.seconds_since_drawn() < 0.5;
  };
  while (window_busy()) {
    window.wait_for_next_frame(true, false);
    draw_one_frame(false);
  }
  int wake_ups = 0;
  const double cpu_before = process_cpu_seconds();
  const auto idle_start = Clock::now();
  while (seconds_since(idle_start) < 3.0) {
    window.wait_for_next_frame(window_busy(), shell->changes_with_time());
    if (seconds_since(idle_start) >= 3.0) break;
    draw_one_frame(false);
    ++wake_ups;
  }
  const double idle_seconds = seconds_since(idle_start);
  const double cpu_share = (process_cpu_seconds() - cpu_before) / idle_seconds;
  std::printf(
      "paused, left alone: %.1f wake-ups/s, CPU %.1f%% of one core (the window sleeps until "
      "input or a new snapshot)\n",
      double(wake_ups) / idle_seconds, 100.0 * cpu_share);

  std::printf("memory: %ld MB resident, fewest stored draws per chain %zu\n", resident_megabytes(),
              fewest_stored(*shell->snapshot()));
  shell.reset();
  return report_gl_errors() == 0 ? 0 : 1;
}

}  // namespace sgl
