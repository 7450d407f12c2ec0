// Reads pixels back from the bound read framebuffer, the one way for the window (screenshots,
// exports, recordings) and for offscreen textures.
#pragma once

#include <vector>

namespace sgl::gl {

// The framebuffer's bottom-left width × height pixels as RGB, top row first (as image files
// store them). Read as RGBA: the one format OpenGL ES 3.0 (WebGL 2, the browser build) is bound
// to accept besides an implementation-chosen one, where desktop GL also reads RGB.
std::vector<unsigned char> read_rgb_top_down(int width, int height);

}  // namespace sgl::gl
