#include "app/cli/version_text.hpp"

#include "app/scenario/assets.hpp"
#include "core/util/error.hpp"

namespace sgl {

std::string version_text(const std::string& version, const std::string& shader_dir) {
  std::string text = "sgmcmc-lab " + version + "\n";
  try {
    text += "assets: " + asset_dir() + "\n";
  } catch (const UserError& error) {
    text += std::string("assets: not found (") + error.what() + ")\n";
  }
  if (!shader_dir.empty()) text += "shaders: " + shader_dir + "\n";
  return text;
}

}  // namespace sgl
