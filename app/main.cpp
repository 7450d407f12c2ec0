// sgmcmc-lab: `run`, `list` and `gradnoise` work headless; `gui` (also the default) opens the
// desktop app. This file only dispatches; each command lives in its own file.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "app/cli/cli_gradnoise.hpp"
#include "app/cli/cli_list.hpp"
#include "app/cli/cli_run.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/version_text.hpp"
#include "app/gui/shell/gui_main.hpp"
#ifdef SGL_HAVE_GUI
#include "app/gui/export/run_figures.hpp"
#include "app/gui/export/test_error_figure.hpp"
#include "app/gui/gl/shader_program.hpp"
#endif
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"
#include "core/util/text_format.hpp"
#include "sgl_version.hpp"

namespace {

int gui_command(const sgl::GuiOptions& options) {
#ifdef SGL_HAVE_GUI
  // Every live engine the window builds (presets opened later included) takes this default.
  if (!options.jobs.empty()) sgl::set_default_jobs(sgl::parse_jobs(options.jobs));
  return sgl::run_gui(options);
#else
  (void)options;
  std::fprintf(stderr,
               "error: this sgmcmc-lab was built without the GUI (SGL_BUILD_GUI=OFF); "
               "`run` and `list` work\n");
  return 1;
#endif
}

// CLI11 ends the text it prints with a newline of its own.
std::string version_flag_text() {
#ifdef SGL_HAVE_GUI
  std::string text = sgl::version_text(sgl::kVersion, sgl::gl::shader_dir_in_use());
#else
  std::string text = sgl::version_text(sgl::kVersion, "");
#endif
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// Errors are one line: a control character from the input (a newline inside a JSON string, a
// carriage return in a CSV field) or a byte that is not UTF-8 is shown escaped instead of breaking
// the line or the terminal.
void print_error(const char* prefix, const char* message) {
  std::fprintf(stderr, "%s%s\n", prefix, sgl::escape_for_message(message).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sgmcmc-lab: stochastic-gradient MCMC samplers, side by side", "sgmcmc-lab"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", version_flag_text,
                       "Print the version and where the data (presets, notes, shaders) are read "
                       "from, then exit");

  sgl::RunOptions run_options;
#ifdef SGL_HAVE_GUI
  run_options.figure_writer = sgl::write_run_figures;
  run_options.test_error_figure = sgl::test_error_svg;
#endif
  CLI::App* run = sgl::add_run_command(app, run_options);
  sgl::ListOptions list_options;
  CLI::App* list = sgl::add_list_command(app, list_options);
  sgl::GradnoiseOptions gradnoise_options;
  CLI::App* gradnoise = sgl::add_gradnoise_command(app, gradnoise_options);
  sgl::GuiOptions gui_options;
  CLI::App* gui = app.add_subcommand("gui", "Open the desktop app (the default)");
  gui->add_option("--frames", gui_options.frames, "Render N frames, then exit")
      ->check(CLI::PositiveNumber);
  gui->add_option("--screenshot", gui_options.screenshot_path,
                  "After the last frame, save the window as PNG (needs --frames)")
      ->needs(gui->get_option("--frames"));
  gui->add_option("--export", gui_options.export_dir,
                  "After the last frame, export every panel, the window and the draws into DIR "
                  "as File > Export does (needs --frames)")
      ->needs(gui->get_option("--frames"));
  gui->add_option("--export-panel", gui_options.export_panels,
                  "With --export: only this panel (stem or title, repeatable); a panel not "
                  "shown in the layout is refused (exit code 2)")
      ->needs(gui->get_option("--export"));
  gui->add_option("--record", gui_options.record_gif,
                  "Record the window as an animated GIF, from the first frame to the last "
                  "(--frames N, or until the window closes)");
  gui->add_option("--record-png-dir", gui_options.record_png_dir,
                  "Record every frame as DIR/frame-00001.png, ... (for video tools)");
  gui->add_option("--status-file", gui_options.status_file,
                  "Keep FILE updated with the run state and widget positions (for tests)");
  gui->add_option("--target", gui_options.target,
                  "Start the default chains on this target (see `list targets`)");
  gui->add_option("--sampler", gui_options.samplers,
                  "Start with these chains instead of the default four (ID[:key=value,...], "
                  "repeatable; as in `run`)");
  gui->add_option("--scenario", gui_options.scenario,
                  "Open a preset (`list scenarios`) or a scenario/session .json file");
  gui->add_option("--layout", gui_options.layout,
                  "dashboard (every panel) or lecture (the lesson's panels, large); default: the "
                  "scenario's");
  gui->add_option("--slow-motion", gui_options.slow_motion,
                  "Start in leapfrog slow motion on the chain with this label (a sampler that "
                  "traces its leapfrog path: HMC, naive SGHMC, SGHMC, SGNHT, HMC-ECS, NUTS)");
  gui->add_flag("--restore", gui_options.restore,
                "Open the session that a window which did not close normally (a crash, kill -9) "
                "autosaved to $XDG_STATE_HOME/sgmcmc-lab/recovery.json")
      ->excludes(gui->get_option("--scenario"));
  // The desktop entry's `Exec=sgmcmc-lab gui %f`: a session opened from a file manager.
  gui->add_option("file", gui_options.scenario,
                  "A scenario or session .json file to open (as --scenario does)")
      ->excludes(gui->get_option("--scenario"))
      ->excludes(gui->get_option("--restore"));
  gui->add_option("--size", gui_options.size,
                  "Window size WxH, e.g. 1280x720 (default: the monitor's work area)");
  gui->add_option("--scale", gui_options.scale,
                  "Font and widget scale, 0.5 to 3, times the monitor's (default: 1; a dashboard "
                  "under 1000 px tall at that scale shrinks it, to 0.75x at 720)");
  gui->add_option("--jobs", gui_options.jobs,
                  "Threads that step the live chains side by side (default: the number of cores; "
                  "the draws are the same for every value)");
  gui->add_option("--bench-frames", gui_options.bench_frames,
                  "Benchmark: 6 chains at full speed with >= 1e6 stored draws each; time N frames "
                  "and compare sampler throughput with the GUI open against headless")
      ->check(CLI::PositiveNumber);

  try {
    app.parse(argc, argv);
    if (*run) return sgl::run_command(run_options);
    if (*list) return sgl::list_command(list_options);
    if (*gradnoise) return sgl::gradnoise_command(gradnoise_options);
    return gui_command(gui_options);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help
    print_error("error: ", error.what());
    return 2;
  } catch (const sgl::UserError& error) {
    print_error("error: ", error.what());
    return 2;
  } catch (const sgl::Interrupted&) {
    std::fprintf(stderr, "interrupted: no output written\n");
    return sgl::kInterruptedExitCode;
  } catch (const std::bad_alloc&) {
    // Last resort: the size limits and the memory estimate should refuse such runs up front (the
    // fuzz tests check that none of their inputs gets here).
    std::fprintf(stderr,
                 "error: out of memory: use fewer steps or chains, or --thin (nothing written)\n");
    return 2;
  } catch (const std::exception& error) {
    // Last resort as well: every expected failure is a UserError naming its input.
    print_error("error: internal: ", error.what());
    return 1;
  }
}
