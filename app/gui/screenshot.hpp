// Saving the default framebuffer as a PNG: for --screenshot, smoke tests and documentation.
#pragma once

#include <string>

namespace sgl {

// Reads the current back buffer (width × height pixels) and writes it to `path` top row first.
// Returns false, with a one-line reason in `error`, if the file cannot be written.
bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error);

}  // namespace sgl
