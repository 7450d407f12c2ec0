// Entry point of the desktop front end. main.cpp calls it only when the GUI was built
// (SGL_HAVE_GUI), so the command line works on machines without a display or GL.
#pragma once

#include <string>
#include <vector>

namespace sgl {

struct GuiOptions {
  int frames = 0;               // render this many frames and exit; 0 = run until closed
  std::string screenshot_path;  // after the last frame, save the window as PNG (empty = no)
  std::string export_dir;       // after the last frame, every File → Export export into it
  std::vector<std::string> export_panels;  // --export only these panels (stems or titles)
  std::string record_gif;                  // record every frame into this animated GIF (empty = no)
  std::string record_png_dir;  // record every frame as DIR/frame-00001.png, … (empty = no)
  std::string status_file;     // rewrite run state + widget rectangles here every few frames
  int bench_frames = 0;        // measure this many frames of a 6-chain benchmark scenario
  std::string target;          // open the default chains on this target instead (empty = default)
  std::vector<std::string> samplers;  // "id:key=value,..." chains instead of the default four
  std::string scenario;     // a preset name or a scenario/session file (excludes target/samplers)
  std::string layout;       // "dashboard" | "lecture" (empty: the scenario's)
  std::string size;         // "WxH" in window units (empty: the monitor's work area)
  std::string slow_motion;  // start in leapfrog slow motion on the chain with this label
  // × the monitor's content scale: fonts and widgets. 0 = automatic: 1, less in a dashboard
  // too short for seven panels at full size (down to 0.75 at 720 px), until the user zooms.
  float scale = 0.0f;
  bool restore = false;  // open the session a crashed or killed window autosaved
  std::string jobs;      // threads stepping the live chains (empty: one per hardware thread)
};

// Opens the window and runs the main loop. Returns the process exit code.
int run_gui(const GuiOptions& options);

}  // namespace sgl
