#include "gui/gui_window.hpp"

#include <glad/gl.h>
// glad must come before GLFW so that GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>

#include "gui/gui_style.hpp"

namespace sgl {
namespace {

constexpr int kWindowWidth = 1600;
constexpr int kWindowHeight = 1000;
// 20 px DejaVu Sans reads from the back of a lecture hall at 1600×1000 on a projector.
constexpr float kFontPixels = 20.0f;
constexpr float kImGuiDefaultFontPixels = 13.0f;
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

void report_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "error: GLFW %d: %s\n", code, description);
}

std::vector<int>& pending_key_presses() {
  static std::vector<int> presses;
  return presses;
}

void record_key_press(GLFWwindow*, int key, int, int action, int) {
  if (action == GLFW_PRESS || action == GLFW_REPEAT) pending_key_presses().push_back(key);
}

bool fail(const char* message) {
  std::fprintf(stderr, "error: %s\n", message);
  return false;
}

// Scales fonts and widget sizes to the monitor's content scale so that text stays readable on
// high-DPI screens; DejaVu Sans when present (fonts-dejavu-core), ImGui's bitmap font otherwise.
float setup_fonts_and_style(GLFWwindow* window) {
  float scale_x = 1.0f;
  float scale_y = 1.0f;
  glfwGetWindowContentScale(window, &scale_x, &scale_y);
  const float scale = scale_x > 0.0f ? scale_x : 1.0f;

  ImGuiIO& io = ImGui::GetIO();
  apply_lecture_style();
  ImGui::GetStyle().ScaleAllSizes(scale);
  // Beyond ASCII: the update rules and labels use Greek letters (ε, θ), accents (Ũ, B̂),
  // sub/superscripts, ℓ, arrows and math operators (∇, −, ·, √, ≥); DejaVu Sans has them all.
  static const ImWchar kGlyphRanges[] = {
      0x0020, 0x024F,  // Latin, Latin-1, Latin Extended-A/B (Ũ)
      0x0300, 0x03FF,  // combining marks (B̂), Greek
      0x2000, 0x209F,  // punctuation, super- and subscripts
      0x2100, 0x21FF,  // letterlike symbols (ℓ), arrows
      0x2200, 0x22FF,  // mathematical operators
      0x25A0, 0x25FF,  // geometric shapes (legend markers)
      0,
  };
  std::error_code ignored;
  if (std::filesystem::exists(kFontPath, ignored) &&
      io.Fonts->AddFontFromFileTTF(kFontPath, kFontPixels * scale, nullptr, kGlyphRanges) !=
          nullptr)
    return kFontPixels * scale;
  std::fprintf(stderr,
               "note: %s not found (install fonts-dejavu-core); using ImGui's built-in font\n",
               kFontPath);
  io.Fonts->AddFontDefault();
  io.FontGlobalScale = kFontPixels * scale / kImGuiDefaultFontPixels;
  return kFontPixels * scale;
}

}  // namespace

int report_gl_errors() {
  int count = 0;
  for (GLenum code = glGetError(); code != GL_NO_ERROR; code = glGetError()) {
    std::fprintf(stderr, "error: OpenGL error 0x%04x\n", code);
    ++count;
  }
  return count;
}

bool GuiWindow::open(bool vsync) {
  glfwSetErrorCallback(report_glfw_error);
  if (!glfwInit()) return fail("cannot initialise GLFW (is a display available?)");
  glfw_ready_ = true;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  window_ = glfwCreateWindow(kWindowWidth, kWindowHeight, "sgmcmc-lab", nullptr, nullptr);
  if (window_ == nullptr) return fail("cannot create an OpenGL 3.3 core window");
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(vsync ? 1 : 0);
  if (gladLoadGL(glfwGetProcAddress) == 0) return fail("cannot load the OpenGL functions");

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_ready_ = true;
  // No imgui.ini in whatever directory the app was started from: the layout is tiled anew.
  ImGui::GetIO().IniFilename = nullptr;
  font_size_ = setup_fonts_and_style(window_);
  // Installed before ImGui's back end, which chains to it.
  glfwSetKeyCallback(window_, record_key_press);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330");
  return true;
}

GuiWindow::~GuiWindow() {
  if (imgui_ready_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (window_ != nullptr) glfwDestroyWindow(window_);
  if (glfw_ready_) glfwTerminate();
}

bool GuiWindow::should_close() const {
  return glfwWindowShouldClose(window_) != 0;
}

void GuiWindow::begin_frame() {
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void GuiWindow::render(float clear_r, float clear_g, float clear_b) {
  ImGui::Render();
  glfwGetFramebufferSize(window_, &width_, &height_);
  glViewport(0, 0, width_, height_);
  glClearColor(clear_r, clear_g, clear_b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

std::vector<int> GuiWindow::take_key_presses() {
  std::vector<int> presses;
  presses.swap(pending_key_presses());
  return presses;
}

void GuiWindow::end_frame() {
  glfwSwapBuffers(window_);
}

void GuiWindow::set_title(const std::string& title) {
  if (title == title_) return;
  title_ = title;
  glfwSetWindowTitle(window_, title_.c_str());
}

}  // namespace sgl
