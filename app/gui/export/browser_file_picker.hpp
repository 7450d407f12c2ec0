// Opening files in the browser build. A path typed into the app names a file in the page's
// memory (MEMFS), where the user cannot put one; so there the browser's own picker
// (<input type=file>) chooses the file, its bytes are copied into the page's memory under
// kPickedFolder, and the app opens that path with the code the desktop runs on a typed path.
// Reading the file is asynchronous: the path arrives on a later frame, through
// take_picked_file. On the desktop nothing is ever picked, and path_field is a plain text field.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace sgl {

#ifdef __EMSCRIPTEN__
inline constexpr bool kBrowserFilePicker = true;
#else
inline constexpr bool kBrowserFilePicker = false;
#endif

// Where picked files are copied in the page's memory (a name picked again replaces the old copy).
inline constexpr const char* kPickedFolder = "/home/web_user/opened";

// Opens the picker for files matching `accept` (an <input accept> list: ".json", ".csv,.txt").
// `purpose` names who asked: only take_picked_file(purpose) gets the file. One picker at a time:
// a new one replaces a pending one. Browsers open it only shortly after a click or key press.
void pick_file_in_browser(const std::string& purpose, const std::string& accept);

// The chosen file's path in the page's memory, once, on the first frame it is there.
std::optional<std::string> take_picked_file(const std::string& purpose);

// `label`'s text field for a path (ImGui::InputText); in the browser a "Choose file…" button
// under it opens the picker. True on the frame a picked file's path was put into `buffer`: the
// caller then does what its own button does with a typed path.
bool path_field(const char* label, char* buffer, std::size_t size, const char* accept);

}  // namespace sgl
