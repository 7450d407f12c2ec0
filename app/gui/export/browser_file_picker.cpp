#include "app/gui/export/browser_file_picker.hpp"

#include <imgui.h>

#include <cstdio>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace sgl {
namespace {

// Filled by the page's script when a chosen file is in memory. Static, so the script can hold
// their addresses across the asynchronous read (no allocation, no exported function).
char g_picked_path[1024];
int g_picked_ready = 0;
std::string g_purpose;  // who asked for the pending picker

}  // namespace

}  // namespace sgl

#ifdef __EMSCRIPTEN__
// A hidden <input type=file> in the page (DevTools and tests find it by its id); its file read
// into an ArrayBuffer and written to `folder`/<its name>; then the path and the ready flag.
// (No backslash in this body: the preprocessor turns it into a C string, escapes and all.)
// clang-format off
EM_JS(void, sgl_open_file_picker, (const char* accept, const char* folder_utf8, char* out,
                                   int out_size, int* ready), {
  var old = document.getElementById('sgl-file-picker');
  if (old) old.remove();
  var input = document.createElement('input');
  input.type = 'file';
  input.id = 'sgl-file-picker';
  input.accept = UTF8ToString(accept);
  input.style.display = 'none';
  var folder = UTF8ToString(folder_utf8);
  input.addEventListener('change', function () {
    var file = input.files && input.files[0];
    input.remove();
    if (!file) return;
    file.arrayBuffer().then(function (bytes) {
      FS.mkdirTree(folder);
      var path = folder + '/' + (file.name.split('/').join('_') || 'file');
      FS.writeFile(path, new Uint8Array(bytes));
      stringToUTF8(path, out, out_size);
      HEAP32[ready >> 2] = 1;
    }, function (error) {
      console.warn('sgmcmc-lab: cannot read ' + file.name + ': ' + error);
    });
  });
  document.body.appendChild(input);
  input.click();
});
// clang-format on
#endif

namespace sgl {

void pick_file_in_browser(const std::string& purpose, const std::string& accept) {
#ifdef __EMSCRIPTEN__
  g_purpose = purpose;
  g_picked_ready = 0;
  sgl_open_file_picker(accept.c_str(), kPickedFolder, g_picked_path,
                       static_cast<int>(sizeof g_picked_path), &g_picked_ready);
#else
  (void)purpose, (void)accept;
#endif
}

std::optional<std::string> take_picked_file(const std::string& purpose) {
  if (g_picked_ready == 0 || purpose != g_purpose) return std::nullopt;
  g_picked_ready = 0;
  g_purpose.clear();
  return std::string(g_picked_path);
}

bool path_field(const char* label, char* buffer, std::size_t size, const char* accept) {
  ImGui::InputText(label, buffer, size);
  if (!kBrowserFilePicker) return false;
  ImGui::PushID(label);
  if (ImGui::Button("Choose file…")) pick_file_in_browser(label, accept);
  ImGui::PopID();
  const std::optional<std::string> picked = take_picked_file(label);
  if (!picked) return false;
  std::snprintf(buffer, size, "%s", picked->c_str());
  return true;
}

}  // namespace sgl
