// The desktop window: GLFW with a GL 3.3 core context, the glad loader, and Dear ImGui with the
// GLFW/OpenGL3 back ends (the shape of ImGui's example_glfw_opengl3). Owns them for the lifetime
// of the main loop, so that every early return tears them down in the right order.
#pragma once

#include <string>
#include <vector>

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
  // Renders ImGui into the back buffer. Call end_frame() afterwards to present it.
  void render(float clear_r, float clear_g, float clear_b);
  void end_frame();
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
  std::string title_;
};

// Drains the GL error queue, printing each; returns how many errors there were.
int report_gl_errors();

}  // namespace sgl
