// `sgmcmc-lab --version`: the version CMake's project() declares, and where this binary reads its
// data from (so that an installed copy can be seen to use its own share/sgmcmc-lab, never the
// source tree it was built from).
#pragma once

#include <string>

namespace sgl {

// "sgmcmc-lab VERSION\nassets: DIR\n" (or "assets: not found (...)"), plus "shaders: DIR" when
// shader_dir is not empty (a build with the GUI).
std::string version_text(const std::string& version, const std::string& shader_dir);

}  // namespace sgl
