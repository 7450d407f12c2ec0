// Compiling and linking a GLSL vertex + fragment shader pair read from files in shaders/.
//
// Where the files are looked for, first match wins:
//   1. <exe dir>/shaders, <exe dir>/../shaders and <exe dir>/../share/sgmcmc-lab/shaders — the
//      copy shipped with a relocated or installed binary (`cmake --install`: <prefix>/bin and
//      <prefix>/share/sgmcmc-lab; for a build tree directly under the repository,
//      <exe dir>/../shaders is the repository's shaders/ itself);
//   2. SGL_SHADER_DIR — the repository's shaders/ directory, compiled in as an absolute path, so
//      tests and benchmarks run from any build sub-directory find them.
// There is deliberately no copy of the sources embedded in the binary: two copies would drift
// apart, and a missing file fails loudly (error() names every path tried) instead of silently
// running stale GLSL. Editing a .frag and restarting the app is enough; no rebuild is needed.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace sgl::gl {

// The directories searched for shader files, in order (see the comment at the top).
std::vector<std::string> shader_search_dirs();

// The first search directory that exists ("" if none): what `--version` reports.
std::string shader_dir_in_use();

// Reads shaders/<file_name> from the first search directory that has it. Returns false, with
// a message naming every path tried, if none does.
bool read_shader_file(const std::string& file_name, std::string& source, std::string& error);

// Owns one linked GL program object. Must be created, used and destroyed on the GL thread.
class ShaderProgram {
 public:
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;

  // Reads both files (see read_shader_file) and builds the program. On failure the previous
  // program, if any, is kept and `error` says which file failed and includes GL's info log.
  bool load_files(const std::string& vertex_file, const std::string& fragment_file,
                  std::string& error);

  // Compiles and links the given sources; the names only label error messages.
  bool build(const std::string& vertex_source, const std::string& vertex_name,
             const std::string& fragment_source, const std::string& fragment_name,
             std::string& error);

  bool valid() const { return program_ != 0; }
  unsigned int id() const { return program_; }

  // Location of a uniform, cached by name; -1 if the linker optimised it away (GL then ignores
  // glUniform* calls on it, so callers need not check).
  int uniform_location(const std::string& name) const;

 private:
  void release();

  unsigned int program_ = 0;
  mutable std::unordered_map<std::string, int> uniform_locations_;
};

}  // namespace sgl::gl
