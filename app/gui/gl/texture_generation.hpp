// A counter per GL texture that rises each time the texture's pixels are redrawn in place.
//
// Why: the window skips frames whose draw data did not change, and cached plot layers skip
// re-rendering when their geometry did not change. A texture redrawn under the same id (a scalar
// field after a new grid, a cached plot layer after new data) changes the picture without changing
// any vertex, so draw-data hashes mix in this counter for every texture they reference.
// GL thread only.
#pragma once

#include <cstdint>

namespace sgl::gl {

void bump_texture_generation(unsigned int texture);
std::uint64_t texture_generation(unsigned int texture);

}  // namespace sgl::gl
