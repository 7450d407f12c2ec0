#include "app/gui/export/run_figures.hpp"

#include <imgui.h>
#include <map>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "app/cli/sampler_labels.hpp"
#include "app/gui/export/view_svg_export.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/ui_font.hpp"
#include "core/run/session_snapshot.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// A little larger than the window's text: a 1280×720 figure is usually shown full-slide.
constexpr float kSlideFontPixels = 23.0f;

void write_text_file(const std::string& path, const std::string& content) {
  std::ofstream file(path, std::ios::binary);
  file << content;
  file.close();
  if (!file) throw UserError("cannot write " + path + ": " + std::strerror(errno));
}

}  // namespace

std::vector<std::string> write_run_figures(
    const Session& session, const std::function<std::string(const std::string&)>& staged_path) {
  ImFontAtlas fonts;
  const float font_scale = add_ui_font(fonts, kSlideFontPixels);
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  fonts.GetTexDataAsAlpha8(&pixels, &width, &height);  // builds the atlas (glyph metrics)

  EngineSnapshot named = session_snapshot(session);
  // Chains are named as the run's table names them ("sghmc", "sghmc#2"), with the chain's index
  // within its sampler: "sghmc #0", "sghmc #1".
  const std::vector<std::string> labels = sampler_labels(session.spec());
  std::map<std::size_t, int> chains_seen;
  for (std::size_t k = 0; k < named.chains.size(); ++k) {
    const std::size_t position = session.chain_sampler_position().at(k);
    named.chains[k].label = labels.at(position) + " #" + std::to_string(chains_seen[position]++);
  }
  auto snapshot = std::make_shared<const EngineSnapshot>(std::move(named));
  SharedViewSettings settings;
  ViewContext context;
  context.snapshot = snapshot;
  context.settings = &settings;
  assign_chain_colours(*snapshot, context.chain_colours);  // as in the window

  SvgExportOptions options;
  options.fonts = &fonts;
  options.font_scale = font_scale;
  std::vector<std::string> written;
  // Every panel that has a still figure (Panel::run_figure: a finished run's settings, e.g. the
  // whole trace), named by its stem as the window's exports are.
  for (const std::unique_ptr<Panel>& panel : make_view_panels()) {
    const ViewDrawFunction figure = panel->run_figure();
    if (!figure || session.target().dim() < panel->run_figure_min_dim()) continue;
    const std::string file = std::string(panel->stem()) + ".svg";
    options.title = std::string(panel->title()) + " — " + session.target().id();
    write_text_file(staged_path(file), render_view_svg(panel->title(), figure, context, options));
    written.push_back(file);
  }
  return written;
}

}  // namespace sgl
