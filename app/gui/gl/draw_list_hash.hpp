// A 64-bit fingerprint of what Dear ImGui draw lists would put on screen: vertices, indices,
// commands (clip rectangles, textures, offsets) and the generation of every texture they use
// (texture_generation.hpp). Equal fingerprints mean an identical picture, so the drawing can be
// skipped (a cached plot layer, or a window's part of the frame).
#pragma once

#include <cstdint>

struct ImDrawList;

namespace sgl::gl {

std::uint64_t draw_list_hash(const ImDrawList& list);

}  // namespace sgl::gl
