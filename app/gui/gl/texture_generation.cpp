#include "app/gui/gl/texture_generation.hpp"

#include <unordered_map>

namespace sgl::gl {
namespace {

std::unordered_map<unsigned int, std::uint64_t>& generations() {
  static std::unordered_map<unsigned int, std::uint64_t> table;
  return table;
}

}  // namespace

void bump_texture_generation(unsigned int texture) {
  ++generations()[texture];
}

std::uint64_t texture_generation(unsigned int texture) {
  const auto found = generations().find(texture);
  return found == generations().end() ? 0 : found->second;
}

}  // namespace sgl::gl
