// One table of definitions for every number the window shows (Metrics columns, plot read-outs,
// the experiment tables): the hover tooltips and the Help → Glossary window both read it, so a
// definition is written once.
#pragma once

#include <string>
#include <vector>

namespace sgl {

struct GlossaryEntry {
  const char* term;        // as shown on screen, e.g. "ESS/1k grad"
  const char* definition;  // one line
};

const std::vector<GlossaryEntry>& glossary();
// The definition of `term` ("" if it has none).
const char* glossary_definition(const std::string& term);

// Shows the definitions of `terms` as a tooltip when the last item is hovered.
void glossary_tooltip_for_last_item(const std::string& term);
void glossary_tooltip_for_last_item(const std::vector<std::string>& terms);
// A "(?)" on the same line whose tooltip defines `terms` (e.g. next to a read-out).
void glossary_marker(const std::vector<std::string>& terms);

// Help → Glossary: opens the window; show_glossary_window draws it while it is open.
void open_glossary_window();
void show_glossary_window();

}  // namespace sgl
