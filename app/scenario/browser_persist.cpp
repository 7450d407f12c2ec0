#include "app/scenario/browser_persist.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// The debounced sync lives with the mount (web/persistent_storage.js); absent, nothing persists
// and nothing fails.
// clang-format off
EM_JS(void, sgl_persist_state_soon, (), {
  if (Module['sglPersistSoon']) Module['sglPersistSoon']();
});
// clang-format on
#endif

namespace sgl {

void persist_state_soon() {
#ifdef __EMSCRIPTEN__
  sgl_persist_state_soon();
#endif
}

}  // namespace sgl
