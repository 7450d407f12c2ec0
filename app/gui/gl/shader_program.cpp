#include "app/gui/gl/shader_program.hpp"

#include "app/gui/gl/gl_api.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

namespace sgl::gl {

namespace {

// The running executable's directory, or empty if the platform does not say (only Linux's
// /proc is asked; elsewhere the compiled-in SGL_SHADER_DIR still works).
std::filesystem::path executable_dir() {
  std::error_code ignored;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ignored);
  return exe.empty() ? std::filesystem::path() : exe.parent_path();
}

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program) {
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  } else {
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  }
  if (length <= 1) return "(the driver gave no info log)";
  std::string log(static_cast<std::size_t>(length), '\0');
  GLsizei written = 0;
  if (is_program) {
    glGetProgramInfoLog(object, length, &written, log.data());
  } else {
    glGetShaderInfoLog(object, length, &written, log.data());
  }
  log.resize(static_cast<std::size_t>(written));
  while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) log.pop_back();
  return log;
}

// The shaders are written once, for GLSL 3.30 core. OpenGL ES 3.0 (WebGL 2, the browser build)
// takes the same code under "#version 300 es" with default precisions: highp everywhere, since
// the fields are 32-bit float textures. #line keeps the compiler's line numbers those of the file.
std::string for_this_gl(const std::string& source) {
#ifdef __EMSCRIPTEN__
  const std::string desktop_version = "#version 330 core\n";
  if (source.rfind(desktop_version, 0) == 0)
    return "#version 300 es\nprecision highp float;\nprecision highp int;\n"
           "precision highp sampler2D;\n#line 2\n" +
           source.substr(desktop_version.size());
#endif
  return source;
}

// Returns the shader object, or 0 with `error` set to the file name plus the compiler's log.
GLuint compile(GLenum stage, const std::string& glsl_330, const std::string& name,
               std::string& error) {
  const GLuint shader = glCreateShader(stage);
  const std::string source = for_this_gl(glsl_330);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (compiled == GL_TRUE) return shader;
  error = "cannot compile " + name + ":\n" + info_log(shader, false);
  glDeleteShader(shader);
  return 0;
}

}  // namespace

std::vector<std::string> shader_search_dirs() {
  std::vector<std::string> dirs;
  const std::filesystem::path exe_dir = executable_dir();
  if (!exe_dir.empty()) {
    dirs.push_back((exe_dir / "shaders").string());
    dirs.push_back((exe_dir.parent_path() / "shaders").string());
    dirs.push_back((exe_dir.parent_path() / "share" / "sgmcmc-lab" / "shaders").string());
  }
#ifdef SGL_SHADER_DIR
  dirs.emplace_back(SGL_SHADER_DIR);
#endif
  return dirs;
}

std::string shader_dir_in_use() {
  for (const std::string& dir : shader_search_dirs()) {
    std::error_code ignored;
    if (std::filesystem::is_directory(dir, ignored)) return dir;
  }
  return "";
}

bool read_shader_file(const std::string& file_name, std::string& source, std::string& error) {
  std::string tried;
  for (const std::string& dir : shader_search_dirs()) {
    const std::filesystem::path path = std::filesystem::path(dir) / file_name;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      tried += "\n  " + path.string();
      continue;
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    source = contents.str();
    return true;
  }
  error = "cannot find shader " + file_name + "; tried:" + tried;
  return false;
}

ShaderProgram::~ShaderProgram() {
  release();
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : program_(std::exchange(other.program_, 0u)),
      uniform_locations_(std::move(other.uniform_locations_)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  if (this != &other) {
    release();
    program_ = std::exchange(other.program_, 0u);
    uniform_locations_ = std::move(other.uniform_locations_);
  }
  return *this;
}

void ShaderProgram::release() {
  if (program_ != 0) glDeleteProgram(program_);
  program_ = 0;
  uniform_locations_.clear();
}

bool ShaderProgram::load_files(const std::string& vertex_file, const std::string& fragment_file,
                               std::string& error) {
  std::string vertex_source;
  std::string fragment_source;
  if (!read_shader_file(vertex_file, vertex_source, error)) return false;
  if (!read_shader_file(fragment_file, fragment_source, error)) return false;
  return build(vertex_source, vertex_file, fragment_source, fragment_file, error);
}

bool ShaderProgram::build(const std::string& vertex_source, const std::string& vertex_name,
                          const std::string& fragment_source, const std::string& fragment_name,
                          std::string& error) {
  const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source, vertex_name, error);
  if (vertex == 0) return false;
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source, fragment_name, error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    return false;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  // The program keeps the compiled code; the shader objects are no longer needed.
  glDetachShader(program, vertex);
  glDetachShader(program, fragment);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    error = "cannot link " + vertex_name + " + " + fragment_name + ":\n" + info_log(program, true);
    glDeleteProgram(program);
    return false;
  }
  release();
  program_ = program;
  return true;
}

int ShaderProgram::uniform_location(const std::string& name) const {
  if (program_ == 0) return -1;
  const auto found = uniform_locations_.find(name);
  if (found != uniform_locations_.end()) return found->second;
  const GLint location = glGetUniformLocation(program_, name.c_str());
  uniform_locations_.emplace(name, location);
  return location;
}

}  // namespace sgl::gl
