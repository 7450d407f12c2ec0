// The desktop window: GLFW with a GL 3.3 core context, the glad loader, and Dear ImGui with the
// GLFW/OpenGL3 back ends (the shape of ImGui's example_glfw_opengl3). Owns them for the lifetime
// of the main loop, so that every early return tears them down in the right order.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/export/screenshot.hpp"
#include "app/gui/gl/partial_present.hpp"
#include "app/gui/gl/window_compositor.hpp"
#include "app/gui/shell/key_press.hpp"

struct GLFWwindow;

namespace sgl {

// How the window opens. Width/height 0: fit the primary monitor's work area. `scale` multiplies
// the monitor's content scale (fonts and widget sizes); View → Zoom changes it later.
struct WindowOptions {
  int width = 0;
  int height = 0;
  float scale = 1.0f;
  bool vsync = true;
};

class GuiWindow {
 public:
  GuiWindow() = default;
  ~GuiWindow();
  GuiWindow(const GuiWindow&) = delete;
  GuiWindow& operator=(const GuiWindow&) = delete;

  // Creates the window and ImGui with a readable font; prints why on failure.
  bool open(const WindowOptions& options);
  // The user's zoom (1 = the monitor's content scale). Rebuilds the font atlas and the style at
  // the new size; call between frames (not between begin_frame and render).
  void set_zoom(float zoom);
  float zoom() const { return zoom_; }
  // The monitor's content scale × the zoom: fonts are kUiFontPixels × this (status file).
  float ui_scale() const { return content_scale_ * zoom_; }
  static constexpr float kMinZoom = 0.5f;
  static constexpr float kMaxZoom = 3.0f;
  GLFWwindow* handle() const { return window_; }
  float font_size() const { return font_size_; }
  bool should_close() const;

  // Starts an ImGui frame (polls events first).
  void begin_frame();
  // Renders ImGui into the back buffer, redrawing only the region that changed since the last
  // frame (gl::WindowCompositor); a frame identical to the one on screen is neither drawn nor
  // presented, which is what makes a paused window cost almost nothing. Returns whether it
  // rendered. Call end_frame() afterwards to present it.
  bool render(float clear_r, float clear_g, float clear_b);
  // The next render() draws even an unchanged frame (the back buffer is about to be read:
  // screenshots, exports, recordings).
  void force_render() { force_render_ = true; }
  // The next render() also keeps the frame without tooltips, menus and popups (recordings and
  // window exports, clean_frame.hpp): clean_frame() returns it until the render after.
  void capture_clean_frame() { capture_clean_ = true; }
  // The last render's clean frame; null when it had no overlays (the back buffer is clean) or
  // none was asked for.
  const RgbImage* clean_frame() const { return clean_frame_ ? &*clean_frame_ : nullptr; }
  bool rendered() const { return rendered_; }
  // Whether only the changed rectangles reach the screen (partial_present.hpp).
  bool presents_partially() const { return presenter_.available(); }
  // The share of the window the last drawn frame redrew (1 = all of it).
  double damaged_fraction() const { return compositor_ ? compositor_->last_damaged_fraction() : 1; }
  void end_frame();
  // Between frames: while something changes (`busy`: sampling runs, or the last frames were
  // drawn), sleeps out the rest of a 60 Hz frame, so the UI never takes more of the CPU than
  // its frames need. Otherwise sleeps until an input event or a wake_up() (a new snapshot, a
  // finished job); `changes_with_time` (AppShell::changes_with_time) wakes it 4 times a second.
  void wait_for_next_frame(bool busy, bool changes_with_time);
  // Ends a wait_for_next_frame from any thread (a new snapshot was published).
  static void wake_up();
  // Seconds since render() last drew (infinity before the first frame).
  double seconds_since_drawn() const;
  void set_title(const std::string& title);
  // GLFW key codes pressed since the last call. ImGui 1.86 sees only which keys are down at each
  // frame, so a quick press-and-release between two slow frames would be lost; shortcuts read
  // these events instead.
  std::vector<KeyPress> take_key_presses();
  int framebuffer_width() const { return width_; }
  int framebuffer_height() const { return height_; }

 private:
  bool glfw_ready_ = false;
  bool imgui_ready_ = false;
  GLFWwindow* window_ = nullptr;
  void apply_ui_scale();

  float font_size_ = 20.0f;
  float content_scale_ = 1.0f;
  float zoom_ = 1.0f;
  int width_ = 0;
  int height_ = 0;
  // The framebuffer size last presented: a new size is presented by a whole swap (below).
  int presented_width_ = 0;
  int presented_height_ = 0;
  std::string title_;
  bool force_render_ = false;
  bool capture_clean_ = false;
  bool present_whole_ = false;  // the frame was drawn twice (clean, then overlays): show it all
  std::optional<RgbImage> clean_frame_;
  bool rendered_ = false;
  bool drawn_once_ = false;
  std::unique_ptr<gl::WindowCompositor> compositor_;
  gl::PartialPresenter presenter_;
  std::chrono::steady_clock::time_point drawn_at_{};
  std::chrono::steady_clock::time_point frame_started_{};
};

// Drains the GL error queue, printing each; returns how many errors there were.
int report_gl_errors();

}  // namespace sgl
