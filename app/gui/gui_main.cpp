// The desktop main loop (shape of Dear ImGui's example_glfw_opengl3): GLFW window with a GL 3.3
// core context, glad loader, ImGui with the GLFW/OpenGL3 back ends. For now it shows one
// placeholder panel; the live views arrive with the visualizer.
#include "gui/gui_main.hpp"

#include <glad/gl.h>
// glad must come before GLFW so that GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "gui/screenshot.hpp"
#include "samplers/sampler_registry.hpp"

namespace sgl {
namespace {

constexpr int kWindowWidth = 1600;
constexpr int kWindowHeight = 1000;
constexpr float kFontPixels = 20.0f;
constexpr float kImGuiDefaultFontPixels = 13.0f;
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

void report_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "error: GLFW %d: %s\n", code, description);
}

// Scales fonts and widget sizes to the monitor's content scale so that text stays readable on
// high-DPI screens; DejaVu Sans when present (fonts-dejavu-core), ImGui's bitmap font otherwise.
void setup_fonts_and_style(GLFWwindow* window) {
  float scale_x = 1.0f;
  float scale_y = 1.0f;
  glfwGetWindowContentScale(window, &scale_x, &scale_y);
  const float scale = scale_x > 0.0f ? scale_x : 1.0f;

  ImGuiIO& io = ImGui::GetIO();
  ImGui::StyleColorsDark();
  ImGui::GetStyle().ScaleAllSizes(scale);
  // Beyond ASCII: the update rules and labels use Greek letters (ε, θ), accents (Ũ, B̂),
  // sub/superscripts, ℓ, arrows and math operators (∇, −, ·, √, ≥); DejaVu Sans has them all.
  static const ImWchar kGlyphRanges[] = {
      0x0020, 0x024F,  // Latin, Latin-1, Latin Extended-A/B (Ũ)
      0x0300, 0x03FF,  // combining marks (B̂), Greek
      0x2000, 0x209F,  // punctuation, super- and subscripts
      0x2100, 0x21FF,  // letterlike symbols (ℓ), arrows
      0x2200, 0x22FF,  // mathematical operators
      0,
  };
  std::error_code ignored;
  if (std::filesystem::exists(kFontPath, ignored) &&
      io.Fonts->AddFontFromFileTTF(kFontPath, kFontPixels * scale, nullptr, kGlyphRanges) !=
          nullptr) {
    return;
  }
  io.Fonts->AddFontDefault();
  io.FontGlobalScale = kFontPixels * scale / kImGuiDefaultFontPixels;
}

void show_placeholder_panel() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGui::Begin("sgmcmc-lab", nullptr,
               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
  ImGui::TextUnformatted(
      "The live views (densities, traces, diagnostics) arrive with the visualizer.");
  ImGui::TextUnformatted("Meanwhile the command line runs every sampler: sgmcmc-lab run --help");
  ImGui::Separator();
  ImGui::TextUnformatted("Samplers available in this build:");
  if (ImGui::BeginTable(
          "samplers", 3,
          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("id", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("update rule", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const SamplerInfo& info : sampler_catalogue()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(info.id.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(info.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", info.summary.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

// Drains the GL error queue; returns how many errors there were.
int report_gl_errors() {
  int count = 0;
  for (GLenum code = glGetError(); code != GL_NO_ERROR; code = glGetError()) {
    std::fprintf(stderr, "error: OpenGL error 0x%04x\n", code);
    ++count;
  }
  return count;
}

// Owns GLFW, the window and ImGui for the lifetime of the main loop, so that every early return
// tears them down in the right order.
class GuiContext {
 public:
  bool open() {
    glfwSetErrorCallback(report_glfw_error);
    if (!glfwInit()) return fail("cannot initialise GLFW (is a display available?)");
    glfw_ready_ = true;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(kWindowWidth, kWindowHeight, "sgmcmc-lab", nullptr, nullptr);
    if (window_ == nullptr) return fail("cannot create an OpenGL 3.3 core window");
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(1);
    if (gladLoadGL(glfwGetProcAddress) == 0) return fail("cannot load the OpenGL functions");

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    imgui_ready_ = true;
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    // No imgui.ini in whatever directory the app was started from; the visualizer will choose
    // where layouts live.
    ImGui::GetIO().IniFilename = nullptr;
    setup_fonts_and_style(window_);
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    ImGui_ImplOpenGL3_Init("#version 330");
    return true;
  }

  ~GuiContext() {
    if (imgui_ready_) {
      ImGui_ImplOpenGL3_Shutdown();
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
    }
    if (window_ != nullptr) glfwDestroyWindow(window_);
    if (glfw_ready_) glfwTerminate();
  }

  GLFWwindow* window() const { return window_; }

 private:
  static bool fail(const char* message) {
    std::fprintf(stderr, "error: %s\n", message);
    return false;
  }

  bool glfw_ready_ = false;
  bool imgui_ready_ = false;
  GLFWwindow* window_ = nullptr;
};

}  // namespace

int run_gui(const GuiOptions& options) {
  GuiContext context;
  if (!context.open()) return 1;
  GLFWwindow* window = context.window();

  int width = 0;
  int height = 0;
  for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
    if (options.frames > 0 && frame >= options.frames) break;
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    show_placeholder_panel();
    ImGui::Render();

    glfwGetFramebufferSize(window, &width, &height);
    glViewport(0, 0, width, height);
    glClearColor(0.10f, 0.11f, 0.13f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    // Read the back buffer before the swap: its contents are undefined afterwards.
    const bool last_frame = options.frames > 0 && frame + 1 == options.frames;
    if (last_frame && !options.screenshot_path.empty()) {
      std::string error;
      if (!save_framebuffer_png(options.screenshot_path, width, height, error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 2;
      }
    }
    glfwSwapBuffers(window);
  }
  return report_gl_errors() == 0 ? 0 : 1;
}

}  // namespace sgl
