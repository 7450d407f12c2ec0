// The desktop window: GLFW with a GL 3.3 core context, the glad loader, and Dear ImGui with the
// GLFW/OpenGL3 back ends (the shape of ImGui's example_glfw_opengl3). Owns them for the lifetime
// of the main loop, so that every early return tears them down in the right order.
#pragma once

#include <string>
#include <vector>

struct GLFWwindow;

namespace sgl {

// Added to a key code in take_key_presses() when Ctrl was held at the press (Ctrl+Z).
constexpr int kWithControl = 1 << 16;

class GuiWindow {
 public:
  GuiWindow() = default;
  ~GuiWindow();
  GuiWindow(const GuiWindow&) = delete;
  GuiWindow& operator=(const GuiWindow&) = delete;

  // Creates the window (1600×1000) and ImGui with a readable font; prints why on failure.
  bool open(bool vsync);
  GLFWwindow* handle() const { return window_; }
  float font_size() const { return font_size_; }
  bool should_close() const;

  // Starts an ImGui frame (polls events first).
  void begin_frame();
  // Renders ImGui into the back buffer. Call end_frame() afterwards to present it.
  void render(float clear_r, float clear_g, float clear_b);
  void end_frame();
  void set_title(const std::string& title);
  // GLFW key codes pressed since the last call (plus kWithControl when Ctrl was held). ImGui 1.86
  // sees only which keys are down at each frame, so a quick press-and-release between two slow
  // frames would be lost; shortcuts read these events instead.
  std::vector<int> take_key_presses();
  int framebuffer_width() const { return width_; }
  int framebuffer_height() const { return height_; }

 private:
  bool glfw_ready_ = false;
  bool imgui_ready_ = false;
  GLFWwindow* window_ = nullptr;
  float font_size_ = 20.0f;
  int width_ = 0;
  int height_ = 0;
  std::string title_;
};

// Drains the GL error queue, printing each; returns how many errors there were.
int report_gl_errors();

}  // namespace sgl
