// A small markdown renderer for the teaching notes: "# " and "## " headings (larger, bold
// colour), paragraphs wrapped to the panel (at spaces only, numbers kept whole: note_wrap.hpp),
// "- " bullet lists; emphasis markers (**, *, `) are dropped rather than styled (ImGui 1.86 has
// no inline font changes).
#pragma once

#include <string>

namespace sgl {

// `skip_title`: leaves out the note's "# " title (a short panel under the headline, which names
// the lesson already, gives its lines to the note's text).
void show_markdown(const std::string& text, bool skip_title = false);

// The text without inline markers (emphasis asterisks outside `code`, backticks), as shown
// (exposed for tests).
std::string strip_inline_markdown(const std::string& line);

}  // namespace sgl
