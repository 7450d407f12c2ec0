#include "app/gui/shell/gui_window.hpp"

#include "app/gui/gl/gl_api.hpp"
// The GL header must come before GLFW so that GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <thread>

#include "app/gui/export/clean_frame.hpp"
#include "app/gui/plot/plot_layer_cache.hpp"

#include "app/gui/shell/gui_style.hpp"
#include "app/gui/shell/ui_font.hpp"

namespace sgl {
namespace {

// Without a monitor work area (some virtual displays report none): the classic size.
constexpr int kFallbackWidth = 1600;
constexpr int kFallbackHeight = 1000;

void report_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "error: GLFW %d: %s\n", code, description);
}

std::vector<KeyPress>& pending_key_presses() {
  static std::vector<KeyPress> presses;
  return presses;
}

// The window was uncovered or resized: what it shows must be copied again whole.
bool& expose_pending() {
  static bool pending = true;
  return pending;
}

void record_expose(GLFWwindow*) {
  expose_pending() = true;
}

void record_key_press(GLFWwindow*, int key, int, int action, int mods) {
  if (action == GLFW_PRESS || action == GLFW_REPEAT) pending_key_presses().push_back({key, mods});
}

bool fail(const char* message) {
  std::fprintf(stderr, "error: %s\n", message);
  return false;
}

// The window's size: the user's, or the primary monitor's work area (the screen less task bars).
void initial_size(const WindowOptions& options, int& width, int& height) {
  width = options.width;
  height = options.height;
  if (width > 0 && height > 0) return;
  width = kFallbackWidth;
  height = kFallbackHeight;
#ifndef __EMSCRIPTEN__  // the browser's GLFW has no work area (the page passes --size)
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
    int x = 0, y = 0, w = 0, h = 0;
    glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
    if (w >= 320 && h >= 240) {
      width = w;
      height = h;
    }
  }
#endif
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

bool GuiWindow::open(const WindowOptions& options) {
  glfwSetErrorCallback(report_glfw_error);
  if (!glfwInit()) return fail("cannot initialise GLFW (is a display available?)");
  glfw_ready_ = true;
#ifdef __EMSCRIPTEN__
  // WebGL 2 (the build allows no other), which is OpenGL ES 3.0.
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  constexpr const char* kContextName = "a WebGL 2 canvas";
  constexpr const char* kGlslVersion = "#version 300 es";
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  constexpr const char* kContextName = "an OpenGL 3.3 core window";
  constexpr const char* kGlslVersion = "#version 330";
  // A size given in window units: do not scale it again by the monitor's content scale.
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, options.width > 0 ? GLFW_FALSE : GLFW_TRUE);
#endif
  int width = 0, height = 0;
  initial_size(options, width, height);
  window_ = glfwCreateWindow(width, height, "sgmcmc-lab", nullptr, nullptr);
  if (window_ == nullptr) return fail((std::string("cannot create ") + kContextName).c_str());
  glfwMakeContextCurrent(window_);
#ifndef __EMSCRIPTEN__  // the browser paces frames itself, and WebGL needs no loader
  glfwSwapInterval(options.vsync ? 1 : 0);
  if (gladLoadGL(glfwGetProcAddress) == 0) return fail("cannot load the OpenGL functions");
#endif

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_ready_ = true;
  // No imgui.ini in whatever directory the app was started from: the layout is tiled anew.
  ImGui::GetIO().IniFilename = nullptr;
  // A panel moves only by its title bar: a drag that started on a slider's label or a caption
  // tore the whole Controls panel out of the layout in front of a class.
  ImGui::GetIO().ConfigWindowsMoveFromTitleBarOnly = true;
  float scale_x = 1.0f;
#ifndef __EMSCRIPTEN__  // the browser's GLFW has no content scale: 1
  float scale_y = 1.0f;
  glfwGetWindowContentScale(window_, &scale_x, &scale_y);
#endif
  content_scale_ = scale_x > 0.0f ? scale_x : 1.0f;
  zoom_ = options.scale;
  apply_ui_scale();
  // Installed before ImGui's back end, which chains to it.
  glfwSetKeyCallback(window_, record_key_press);
  glfwSetWindowRefreshCallback(window_, record_expose);
  compositor_ = std::make_unique<gl::WindowCompositor>();
  // Partial presenting only where the CPU rasterises: on a GPU the offscreen copy and a swap
  // cost little, and the swap keeps vsync.
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const bool software = renderer != nullptr && (std::strstr(renderer, "llvmpipe") != nullptr ||
                                                std::strstr(renderer, "softpipe") != nullptr ||
                                                std::strstr(renderer, "swrast") != nullptr);
  compositor_->set_back_buffer_persists(software && presenter_.open(window_));
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  return true;
}

// Fonts are rasterised at their final pixel size (a scaled-up atlas would blur on a projector),
// and every style size is scaled with them.
void GuiWindow::apply_ui_scale() {
  const float scale = content_scale_ * zoom_;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImGui::GetStyle() = ImGuiStyle();
  apply_lecture_style();
  ImGui::GetStyle().ScaleAllSizes(scale);
  io.FontGlobalScale = add_ui_font(*io.Fonts, kUiFontPixels * scale);
  add_headline_font(*io.Fonts, kUiFontPixels * scale);
  font_size_ = kUiFontPixels * scale;
}

void GuiWindow::set_zoom(float zoom) {
  zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  if (zoom == zoom_) return;
  zoom_ = zoom;
  apply_ui_scale();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

GuiWindow::~GuiWindow() {
  if (glfw_ready_ && window_ != nullptr) {  // GL objects go while the context is current
    plot::ReleaseLayerTextures();
    compositor_.reset();
  }
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
  frame_started_ = std::chrono::steady_clock::now();
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // ImGui 1.86 asserts on a zero time step, and the browser's clock (coarsened against timing
  // attacks) can return the same time for two frames.
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = std::max(io.DeltaTime, 1e-6f);
  ImGui::NewFrame();
}

bool GuiWindow::render(float clear_r, float clear_g, float clear_b) {
  ImGui::Render();
  glfwGetFramebufferSize(window_, &width_, &height_);
  const ImVec4 clear(clear_r, clear_g, clear_b, 1.0f);
  ImDrawData& data = *ImGui::GetDrawData();
  clean_frame_.reset();
  present_whole_ = false;
  const std::vector<const ImDrawList*> overlays =
      capture_clean_ ? overlay_draw_lists() : std::vector<const ImDrawList*>{};
  capture_clean_ = false;
  if (!overlays.empty()) {
    // The frame without overlays, kept, then the overlays drawn over it for the screen.
    std::vector<ImDrawList*> storage;
    ImDrawData clean = without_draw_lists(data, overlays, storage);
    compositor_->render(clean, width_, height_, clear, true);
    clean_frame_ = read_framebuffer(width_, height_);
    compositor_->render(data, width_, height_, clear, false);
    present_whole_ = true;
    rendered_ = true;
  } else {
    rendered_ = compositor_->render(data, width_, height_, clear, force_render_);
  }
  force_render_ = false;
  if (!rendered_) return false;
  drawn_once_ = true;
  drawn_at_ = std::chrono::steady_clock::now();
  return true;
}

std::vector<KeyPress> GuiWindow::take_key_presses() {
  std::vector<KeyPress> presses;
  presses.swap(pending_key_presses());
  return presses;
}

void GuiWindow::end_frame() {
  if (!presenter_.available()) {
    if (rendered_) glfwSwapBuffers(window_);
    return;
  }
  glFlush();
  if (width_ != presented_width_ || height_ != presented_height_) {
    // The window was resized: copying sub-rectangles of a back buffer the GL driver has not yet
    // resized made the X server refuse the copy (BadValue from XShmPutImage), and Xlib ends the
    // process on that. A whole swap makes the driver take the new size; the back buffer is
    // undefined after it, so the next frame draws and presents everything.
    presented_width_ = width_;
    presented_height_ = height_;
    glfwSwapBuffers(window_);
    force_render_ = true;
    expose_pending() = true;
    return;
  }
  if (expose_pending()) {
    expose_pending() = false;
    presenter_.present({{0, 0, width_, height_}}, height_);
  } else if (present_whole_) {
    presenter_.present({{0, 0, width_, height_}}, height_);
  } else if (rendered_) {
    presenter_.present(compositor_->last_damage(), height_);
  }
}

void GuiWindow::wait_for_next_frame(bool busy, bool changes_with_time) {
#ifdef __EMSCRIPTEN__
  // The browser calls each frame (requestAnimationFrame): waiting here would block the page.
  (void)busy, (void)changes_with_time;
  return;
#else
  using namespace std::chrono;
  if (busy) {
    // A little under 60 Hz's period: with vsync the swap already waited for the display.
    constexpr auto kFramePeriod = microseconds(16'000);
    std::this_thread::sleep_until(frame_started_ + kFramePeriod);
    return;
  }
  // Something slow on screen (an expiring message, a caret, an edit applied after a pause)
  // needs a frame a few times a second; otherwise nothing changes until an event or a
  // wake_up(). The long timeout is only a safety net for a timed change nobody declared.
  constexpr double kTimedWakeSeconds = 0.25;
  constexpr double kSafetyWakeSeconds = 5.0;
  glfwWaitEventsTimeout(changes_with_time ? kTimedWakeSeconds : kSafetyWakeSeconds);
#endif
}

void GuiWindow::wake_up() {
  glfwPostEmptyEvent();
}

double GuiWindow::seconds_since_drawn() const {
  if (!drawn_once_) return std::numeric_limits<double>::infinity();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - drawn_at_).count();
}

void GuiWindow::set_title(const std::string& title) {
  if (title == title_) return;
  title_ = title;
  glfwSetWindowTitle(window_, title_.c_str());
}

}  // namespace sgl
