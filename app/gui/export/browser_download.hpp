// In the browser build a written file is in the page's memory, where the user cannot reach it:
// offer_download hands it to the browser as a download. Elsewhere the file already is where the
// user asked, and this does nothing.
#pragma once

#include <string>

namespace sgl {

void offer_download(const std::string& path);

}  // namespace sgl
