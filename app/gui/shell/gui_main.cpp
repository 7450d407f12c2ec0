// The desktop main loop (the shape of Dear ImGui's example_glfw_opengl3): open the window, build
// the app shell on the default scenario, and render frames until closed — or, for tests, for
// --frames N frames, then save a screenshot.
#include "app/gui/shell/gui_main.hpp"

#include <algorithm>
#include <cmath>

#include <imgui.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "app/cli/interrupt.hpp"
#include "app/gui/export/frame_recorder.hpp"
#include "app/gui/export/screenshot.hpp"
#include "app/gui/shell/app_shell.hpp"
#include "app/gui/shell/default_scenario.hpp"
#include "app/gui/shell/frame_loop.hpp"
#include "app/gui/shell/gui_bench.hpp"
#include "app/gui/shell/gui_style.hpp"
#include "app/gui/shell/gui_window.hpp"
#include "app/gui/shell/status_file.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/recovery_file.hpp"
#include "core/plot/ui_scale.hpp"
#include "core/run/run_spec.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/threads_available.hpp"

namespace sgl {

namespace {

// "1280x720" → {1280, 720}; throws UserError naming the option.
std::pair<int, int> parse_window_size(const std::string& text) {
  int width = 0, height = 0;
  char separator = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &width, &separator, &height, &extra) != 3 ||
      (separator != 'x' && separator != 'X') || width < 320 || height < 240 || width > 16384 ||
      height > 16384)
    throw UserError("--size: expected WIDTHxHEIGHT between 320x240 and 16384x16384, not '" + text +
                    "'");
  return {width, height};
}

std::optional<LayoutMode> parse_layout_mode(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (text == "dashboard") return LayoutMode::Dashboard;
  if (text == "lecture") return LayoutMode::Lecture;
  throw UserError("--layout: expected dashboard or lecture, not '" + text + "'");
}

// --record and --record-png-dir: opened before the window, so an unwritable destination is
// refused (false, one line on stderr) without a window flashing up.
bool open_recorders(const GuiOptions& options,
                    std::vector<std::unique_ptr<FrameRecorder>>& recorders) {
  std::string error;
  if (!options.record_gif.empty()) {
    if (auto gif = open_gif_recorder(options.record_gif, error))
      recorders.push_back(std::move(gif));
    else
      return std::fprintf(stderr, "error: --record: %s\n", error.c_str()), false;
  }
  if (!options.record_png_dir.empty()) {
    if (auto pngs = open_png_sequence(options.record_png_dir, error))
      recorders.push_back(std::move(pngs));
    else
      return std::fprintf(stderr, "error: --record-png-dir: %s\n", error.c_str()), false;
  }
  return true;
}

// Completes every recording; false (reasons on stderr) if one failed.
bool finish_recorders(std::vector<std::unique_ptr<FrameRecorder>>& recorders) {
  bool all_written = true;
  for (auto& recorder : recorders) {
    std::string error;
    if (recorder->finish(error)) {
      std::printf("recorded %d frames to %s\n", recorder->frame_count(),
                  recorder->destination().c_str());
    } else {
      std::fprintf(stderr, "error: %s\n", error.c_str());
      all_written = false;
    }
  }
  recorders.clear();
  return all_written;
}

// Ctrl+C or SIGTERM must close even a window asleep waiting for input (a paused session): this
// thread waits on the signal handler's pipe and wakes the event loop, which then sees the flag.
// Without it the loop noticed only at its 5 s safety wake-up, after the handler's grace period
// had already ended the process with exit code 130.
class SignalWaker {
 public:
  SignalWaker() {
    if (::pipe(stop_) != 0) return;
    thread_ = std::thread([this] {
      pollfd watched[2] = {{interrupt_wake_fd(), POLLIN, 0}, {stop_[0], POLLIN, 0}};
      while (::poll(watched, 2, -1) < 0 && errno == EINTR) {
      }
      if (watched[0].revents != 0) GuiWindow::wake_up();
    });
  }
  ~SignalWaker() {
    if (thread_.joinable()) {
      const char byte = 1;
      [[maybe_unused]] const auto written = ::write(stop_[1], &byte, 1);
      thread_.join();
    }
    for (int end : stop_)
      if (end >= 0) ::close(end);
  }
  SignalWaker(const SignalWaker&) = delete;
  SignalWaker& operator=(const SignalWaker&) = delete;

 private:
  int stop_[2] = {-1, -1};
  std::thread thread_;
};

// What the frames use, on the heap: in the browser build run_frame_loop returns to the browser,
// whose later frame callbacks reuse run_gui's stack (frame_loop.hpp). Destroyed in the reverse
// order of its members: the shell (it owns GL textures) before the window, the recorders after.
struct FrameState {
  explicit FrameState(const GuiOptions& given) : options(given) {}
  const GuiOptions options;
  std::vector<std::unique_ptr<FrameRecorder>> recorders;
  GuiWindow window;
  std::optional<SignalWaker> signal_waker;  // joined before GLFW ends
  std::unique_ptr<AppShell> shell;
  bool auto_scale = true;  // until the user zooms by hand
  int gl_errors = 0;
  bool recording_failed = false;
  // A frame's failure that ends the run with this exit code (an export refused, a screenshot
  // not written), skipping what a normal close does after the loop.
  std::optional<int> exit_code;
  long frame = 0;
};

}  // namespace

int run_gui(const GuiOptions& options) {
  if (options.bench_frames > 0)
    return run_gui_benchmark(options.bench_frames, options.screenshot_path);

  WindowOptions window_options;
  std::optional<LayoutMode> layout;
  try {
    if (!options.size.empty())
      std::tie(window_options.width, window_options.height) = parse_window_size(options.size);
    if (options.scale != 0.0f &&
        (!std::isfinite(options.scale) || options.scale < GuiWindow::kMinZoom ||
         options.scale > GuiWindow::kMaxZoom))
      throw UserError("--scale: expected a number between 0.5 and 3");
    window_options.scale = options.scale != 0.0f ? options.scale : 1.0f;
    layout = parse_layout_mode(options.layout);
  } catch (const UserError& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  }
  // A malformed, huge or unreadable scenario file given on the command line is refused (exit 2,
  // one line, through main's handler) before any window opens.
  if (!options.scenario.empty() && (!options.samplers.empty() || !options.target.empty()))
    throw UserError("--scenario replaces --target and --sampler: give one or the other");
  std::optional<Scenario> requested;
  if (!options.scenario.empty()) requested = load_scenario(options.scenario);
  // Autosave and recovery (recovery_file.hpp): a session left by a window that did not close
  // normally is moved aside, so this window's own autosaves cannot overwrite it, and is then
  // opened (--restore) or offered under the menu bar.
  const std::string recovery = recovery_folder();
  std::optional<std::string> left_behind;
  if (!recovery.empty()) left_behind = RecoveryFile(recovery).set_aside_for_restore();
  if (options.restore) {
    if (!options.samplers.empty() || !options.target.empty())
      throw UserError("--restore replaces --target and --sampler: give one or the other");
    const std::string previous = recovery + "/recovery-previous.json";
    if (!left_behind && !recovery.empty() && std::filesystem::is_regular_file(previous))
      left_behind = previous;
    if (!left_behind)
      throw UserError("--restore: no session to restore (none was left in " +
                      (recovery.empty() ? std::string("$XDG_STATE_HOME or $HOME") : recovery) +
                      " by a window that did not close normally)");
    requested = load_scenario(*left_behind);
    std::filesystem::remove(*left_behind);
    left_behind.reset();
  }

  const auto state = std::make_unique<FrameState>(options);
  // Before the window: a recording abandoned on an early return removes its partial file.
  std::vector<std::unique_ptr<FrameRecorder>>& recorders = state->recorders;
  if (!open_recorders(options, recorders)) return 2;
  // A recording killed with Ctrl+C or SIGTERM still ends its file: the signal only closes the
  // window (the loop below polls it), and the recorders finish as on a normal close; so does a
  // background job (a draws export is cancelled and its partial file removed, a save finishes).
  install_interrupt_handlers();

  GuiWindow& window = state->window;
  if (!window.open(window_options)) return 1;
  // Not in the browser build, which has neither signals nor threads.
  if (kThreadsAvailable) state->signal_waker.emplace();
  std::unique_ptr<AppShell>& shell = state->shell;
  try {
    const bool from_flags = !options.samplers.empty() || !options.target.empty();
    std::optional<Scenario> scenario = std::move(requested);
    if (!scenario && !from_flags) scenario = default_scenario();
    LiveSetup setup = scenario ? live_setup_from_scenario(*scenario)
                               : live_setup_from_scenario(default_scenario());
    if (!options.samplers.empty()) {
      // Chains given on the command line start on the requested target directly, so their
      // parameters are validated against it (an error exits with code 2).
      setup.chains.clear();
      for (const std::string& text : options.samplers)
        setup.chains.push_back(parse_chain_spec(text));
      if (!options.target.empty()) setup.target = TargetSpec{options.target, {}, "", "y"};
    }
    shell = std::make_unique<AppShell>(setup, scenario, layout);
    if (!options.target.empty() && options.samplers.empty()) {
      if (!find_target_info(options.target))
        throw UserError("unknown target '" + options.target + "'");
      // Through the engine, which drops sampler settings that do not fit the new kind of target.
      shell->engine().set_target(TargetSpec{options.target, {}, "", "y"});
      shell->engine().wait_until_idle();
    }
    if (!options.slow_motion.empty()) shell->start_slow_motion(options.slow_motion);
    if (left_behind && !from_flags && options.scenario.empty()) shell->offer_restore(*left_behind);
    if (!recovery.empty()) shell->enable_autosave(recovery);
  } catch (const UserError& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  }

  const float chosen_scale = options.scale != 0.0f ? options.scale : 1.0f;
  shell->engine().set_publish_listener(GuiWindow::wake_up);
  // Frames drawn before a recording's first picture is taken (see below).
  constexpr long kSettlingFrames = 3;
  // Captures nothing on this function's stack (FrameState).
  const std::function<bool()> next_frame = [&run = *state, chosen_scale, recovery]() -> bool {
    const GuiOptions& options = run.options;
    std::vector<std::unique_ptr<FrameRecorder>>& recorders = run.recorders;
    GuiWindow& window = run.window;
    std::unique_ptr<AppShell>& shell = run.shell;
    bool& auto_scale = run.auto_scale;
    int& gl_errors = run.gl_errors;
    bool& recording_failed = run.recording_failed;
    std::optional<int>& exit_code = run.exit_code;
    long& frame = run.frame;
    if (window.should_close() || interrupt_requested()) return false;
    if (options.frames > 0 && frame >= options.frames) return false;
    if (shell->quit_requested()) return false;  // File → Quit, Ctrl+Q: as a closed window
    shell->engine().run_slice();  // steps the chains where the engine has no thread (browser)
    // Read the back buffer before the swap: its contents are undefined afterwards.
    const bool last_frame = options.frames > 0 && frame + 1 == options.frames;
    // The last frame of --frames (its screenshot, exports and status file) shows what a panel
    // was measuring rather than "Measuring…": on a loaded machine 120 frames pass in less time
    // than a gradient-noise cloud takes.
    if (last_frame) shell->wait_for_measurements(60.0);
    window.begin_frame();
    shell->frame(window.font_size(), window.take_key_presses());
    window.set_title(shell->title());
    if (last_frame || !recorders.empty() || shell->needs_framebuffer()) window.force_render();
    // Recordings, exports and --screenshot never show a tooltip, an open menu or the hover ring
    // (clean_frame.hpp): under Xvfb the pointer rests mid-screen and would put one in every shot.
    const bool screenshot_now = last_frame && !options.screenshot_path.empty();
    const bool exports_now = last_frame && !options.export_dir.empty();
    if (!recorders.empty() || shell->needs_framebuffer() || screenshot_now || exports_now)
      window.capture_clean_frame();
    window.render(kBackgroundRgb[0], kBackgroundRgb[1], kBackgroundRgb[2]);
    if (exports_now) {
      const std::string refusal =
          shell->request_all_exports(options.export_dir, options.export_panels);
      if (!refusal.empty()) {
        std::fprintf(stderr, "error: %s\n", refusal.c_str());
        exit_code = 2;
        return false;
      }
    }
    shell->after_render(window.framebuffer_width(), window.framebuffer_height(),
                        window.clean_frame());
    std::string problem;
    if (std::optional<SessionOpener::Opened> opened = shell->take_opened_session(problem)) {
      // A preset or a saved session, built off this thread: a new shell around its engine (and
      // its replay) replaces the old one. The window's layout choice stays; the preset's lecture
      // panels come with it.
      const std::string source =
          opened->scenario.source.empty() ? opened->scenario.name : opened->scenario.source;
      try {
        auto fresh = std::make_unique<AppShell>(std::move(opened->engine),
                                                std::move(opened->scenario), shell->layout_mode());
        shell = std::move(fresh);  // the old shell (engine, experiment, textures) goes now
        shell->engine().set_publish_listener(GuiWindow::wake_up);
        if (!recovery.empty()) shell->enable_autosave(recovery);
      } catch (const std::exception& error) {
        problem = "could not open " + source + ": " + error.what();
      }
    }
    if (!problem.empty()) {
      // Said in the window, not only on stderr; the running session stays.
      std::fprintf(stderr, "error: %s\n", problem.c_str());
      shell->report_problem(problem);
    }

    // The loop is about to sleep (nothing changes): what the status file says must be current.
    const bool busy = shell->snapshot()->running || window.seconds_since_drawn() < 0.5 ||
                      !recorders.empty() || shell->needs_framebuffer() ||
                      shell->background_busy() || shell->animating();
    if (!options.status_file.empty() && (frame % 5 == 0 || !busy)) {
      std::string error;
      if (!write_status_file(options.status_file, *shell->snapshot(), frame, window.ui_scale(),
                             error))
        std::fprintf(stderr, "error: %s\n", error.c_str());
    }
    if (screenshot_now) {
      std::string error;
      const bool saved =
          window.clean_frame()
              ? write_png(options.screenshot_path, *window.clean_frame(), error)
              : save_framebuffer_png(options.screenshot_path, window.framebuffer_width(),
                                     window.framebuffer_height(), error);
      if (!saved) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        exit_code = 2;
        return false;
      }
    }
    // The first frames show the window settling (panels not yet placed, plots not yet fitted
    // to their data): a GIF records them as copies of the first settled frame, so it never
    // opens on a half-drawn window and still keeps one frame per frame drawn.
    if (!recorders.empty()) {
      const RgbImage image = window.clean_frame() ? *window.clean_frame()
                                                  : read_framebuffer(window.framebuffer_width(),
                                                                     window.framebuffer_height());
      const bool settling = frame < kSettlingFrames && !last_frame;
      const long settled_copies = frame == kSettlingFrames  ? kSettlingFrames + 1
                                  : frame > kSettlingFrames ? 1
                                                            : frame + 1;
      // A recording that cannot go on (a full disk) stops alone, its partial file removed;
      // the window and its session stay, say why, and the exit code is 2 at the end.
      std::erase_if(recorders, [&](const std::unique_ptr<FrameRecorder>& recorder) {
        const bool replaces = recorder->replaces_settling_frames();
        if (replaces && settling) return false;
        const long copies = replaces ? settled_copies : 1;
        std::string error;
        for (long copy = 0; copy < copies; ++copy)
          if (!recorder->add_frame(image, error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            shell->report_problem("recording stopped: " + error);
            recording_failed = true;
            return true;
          }
        return false;
      });
    }
    window.end_frame();
    gl_errors += report_gl_errors();
    // Between frames: the font atlas is rebuilt at the new size (0 = back to --scale, or to the
    // automatic scale). A zoom by hand turns the automatic scale off.
    if (const std::optional<float> zoom = shell->take_zoom_request()) {
      auto_scale = *zoom == 0.0f;
      if (!auto_scale) window.set_zoom(window.zoom() * *zoom);
    }
    if (auto_scale)
      window.set_zoom(automatic_ui_scale(shell->dense_layout(), ImGui::GetIO().DisplaySize.x,
                                         ImGui::GetIO().DisplaySize.y, chosen_scale));
    // Runs with a frame count (tests, screenshots) go as fast as they can; the interactive
    // window paces itself at 60 Hz while something changes and sleeps otherwise.
    if (options.frames == 0) window.wait_for_next_frame(busy, shell->changes_with_time());
    ++frame;
    return true;
  };
  run_frame_loop(next_frame);
  if (state->exit_code) return *state->exit_code;
  if (!options.status_file.empty()) {
    std::string error;
    write_status_file(options.status_file, *shell->snapshot(), -1, window.ui_scale(), error);
  }
  const int export_failures = shell->export_failures();
  shell.reset();  // joins the autosave job first, so the file is not written again after this
  // A normal close: nothing to recover next time.
  if (!recovery.empty()) RecoveryFile(recovery).remove_if_owned();
  if (!finish_recorders(recorders) || state->recording_failed) return 2;
  if (export_failures > 0 && !options.export_dir.empty()) return 2;
  return state->gl_errors == 0 ? 0 : 1;
}

}  // namespace sgl
