#include "app/gui/export/browser_download.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// The file's bytes from emscripten's in-memory file system, as a Blob behind a temporary link.
// clang-format off
EM_JS(void, sgl_download_file, (const char* path_utf8), {
  var path = UTF8ToString(path_utf8);
  var link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([FS.readFile(path)]));
  link.download = path.split('/').pop();
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
});
// clang-format on
#endif

namespace sgl {

void offer_download(const std::string& path) {
#ifdef __EMSCRIPTEN__
  sgl_download_file(path.c_str());
#else
  (void)path;
#endif
}

}  // namespace sgl
