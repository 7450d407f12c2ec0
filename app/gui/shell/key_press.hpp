// A key press as the window recorded it: the GLFW key code and the modifiers held (GLFW_MOD_*).
#pragma once

namespace sgl {

struct KeyPress {
  int key = 0;
  int mods = 0;
};

}  // namespace sgl
