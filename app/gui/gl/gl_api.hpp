// The OpenGL functions and constants: on the desktop glad's OpenGL 3.3 core loader (loaded in
// gui_window.cpp), in the browser build WebGL 2 as OpenGL ES 3.0, whose functions emscripten
// provides directly. The GL code uses only what both have.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
