#include "app/gui/panels/chain_cards.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/ui_probe.hpp"

namespace sgl {

void ChainCards::sync(const std::vector<ChainSnapshot>& chains) {
  int newest = -1, arrived = 0, first_new = -1;
  bool open_exists = false;
  for (const ChainSnapshot& chain : chains) {
    if (chain.id > newest_id_) {
      ++arrived;
      if (first_new < 0) first_new = chain.id;
    }
    newest = std::max(newest, chain.id);
    open_exists = open_exists || chain.id == open_id_;
  }
  if (chains.empty()) {
    open_id_ = -1;
  } else if (!synced_ || arrived > 1) {
    open_id_ = chains.front().id;  // a new preset or session
  } else if (arrived == 1) {
    open_id_ = first_new;  // Add chain or duplicate: the new card is the one to set up
  } else if (!open_exists && open_id_ >= 0) {
    open_id_ = chains.front().id;  // the open chain was removed
  }
  newest_id_ = std::max(newest_id_, newest);
  synced_ = true;
}

bool ChainCards::header(const ChainSnapshot& chain) {
  ImGui::SetNextItemOpen(open_id_ == chain.id, ImGuiCond_Always);
  // A long label ends in "…" inside the panel instead of being clipped mid-letter; "###" keeps
  // the node's identity when the label is edited.
  // A stopped chain keeps room for the red "STOPPED" after its name (it was cut to "STC").
  const float stopped_mark =
      chain.stopped ? ImGui::CalcTextSize(" STOPPED").x + ImGui::GetStyle().ItemSpacing.x : 0.0f;
  const float room =
      ImGui::GetContentRegionAvail().x - ImGui::GetTreeNodeToLabelSpacing() - stopped_mark;
  const std::string title =
      elide_to_width(chain.label, ImGui::GetFont(), room) + "###chain" + std::to_string(chain.id);
  const bool open = ImGui::TreeNodeEx(title.c_str(),
                                      ImGuiTreeNodeFlags_NoTreePushOnOpen |
                                          (open_id_ == chain.id ? ImGuiTreeNodeFlags_Selected : 0));
  ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/header");
  if (ImGui::IsItemToggledOpen()) {
    open_id_ = open ? chain.id : -1;
    reveal_ = open;
  }
  return open;
}

void ChainCards::reveal_settings_once() {
  if (!reveal_) return;
  reveal_ = false;
  // The sampler picker and the first two sliders with their names above them.
  const float wanted = ImGui::GetCursorScreenPos().y + 5.0f * ImGui::GetFrameHeightWithSpacing();
  const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
  if (wanted > bottom) ImGui::SetScrollY(ImGui::GetScrollY() + (wanted - bottom));
}

std::string chain_settings_summary(const std::vector<ParamDescriptor>& params,
                                   const ParamValues& values, std::size_t at_most) {
  std::string summary;
  std::size_t shown = 0;
  for (const ParamDescriptor& descriptor : params) {
    if (shown == at_most) break;
    if (descriptor.kind == ParamKind::Choice || descriptor.kind == ParamKind::Boolean) continue;
    const std::size_t space = descriptor.label.rfind(' ');
    const std::string symbol =
        space == std::string::npos ? std::string() : descriptor.label.substr(space + 1);
    // A symbol is one or two letters (UTF-8: at most 4 bytes, e.g. "ε" or "B̂").
    if (symbol.empty() || symbol.size() > 4) continue;
    const auto value = values.find(descriptor.name);
    if (value == values.end()) continue;
    char text[48];
    std::snprintf(text, sizeof text, "%s%s %.3g", shown ? " · " : "", symbol.c_str(),
                  value->second);
    summary += text;
    ++shown;
  }
  return summary;
}

}  // namespace sgl
