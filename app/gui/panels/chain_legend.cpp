#include "app/gui/panels/chain_legend.hpp"

#include <imgui.h>

#include <cctype>
#include <string>
#include <vector>

#include "app/gui/panels/chain_cards.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/run/output_kind.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

struct Entry {
  const ChainSnapshot* chain;
  std::string status;    // the chain's state word ("" when running)
  std::string shown;     // what is drawn after the label: the status unless the label says it
  bool alarm = false;    // stopped, unstable or stuck: drawn in red
  bool caution = false;  // too slow: drawn in amber
  float width = 0.0f;
};

// The status word shown after the label; a stop reason keeps its first clause ("diverged at
// step 1234"), the whole reason is in the tooltip and the Controls panel.
std::string status_of(const EngineSnapshot& snapshot, const ChainSnapshot& chain, bool& alarm) {
  alarm = false;
  if (chain.stopped) {
    alarm = true;
    const std::string reason = chain.stop_reason.substr(0, chain.stop_reason.find(':'));
    return "stopped: " + (reason.empty() ? std::string("see Controls") : reason);
  }
  if (chain.training && chain.training->completed < chain.training->iterations)
    return "training " +
           std::to_string(100 * chain.training->completed / chain.training->iterations) + "%";
  // Unstable, stuck or too slow under its current settings (chain_health.hpp).
  if (chain.health.state != ChainHealthState::Ok) {
    alarm = chain.health.state != ChainHealthState::TooSlow;
    return chain_health_word(chain.health.state);
  }
  if (!chain.enabled || !snapshot.running) return "paused";
  return "";  // running: the normal state needs no word (the tooltip says it)
}

// A preset may name a chain after its state ("HMC ε = 0.7 (unstable)"): the word is said once.
std::string status_to_draw(const std::string& label, const std::string& status) {
  if (status.empty()) return status;
  const auto lower = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  const std::string word = lower(status.substr(0, status.find(':')));
  return lower(label).find(word) != std::string::npos ? std::string() : status;
}

// "now C 0.2": the settings a drag changed since the chain was made, so a preset's name that
// states its values ("C = 1") is not believed after the slider moved on (newcomer run 5).
std::string edited_note(const ChainSnapshot& chain) {
  if (chain.params == chain.initial_params) return {};
  const SamplerInfo* info = find_sampler_info(chain.sampler_id);
  if (info == nullptr) return {};
  ParamValues changed;
  for (const auto& [name, value] : chain.params) {
    const auto before = chain.initial_params.find(name);
    if (before == chain.initial_params.end() || before->second != value) changed[name] = value;
  }
  const std::string summary = chain_settings_summary(info->params, changed, 2);
  return summary.empty() ? std::string() : "now " + summary;
}

float spacing() {
  return ImGui::GetFontSize() * 1.2f;
}
float swatch() {
  return ImGui::GetFontSize() * 0.8f;
}

std::vector<Entry> entries(const EngineSnapshot& snapshot) {
  std::vector<Entry> out;
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
  for (const ChainSnapshot& chain : snapshot.chains) {
    Entry entry{&chain, {}, {}, false, false, 0.0f};
    entry.status = status_of(snapshot, chain, entry.alarm);
    entry.shown = status_to_draw(chain.label, entry.status);
    if (const std::string edited = edited_note(chain); !edited.empty())
      entry.shown += (entry.shown.empty() ? "" : " · ") + edited;
    entry.caution = !entry.alarm && chain.health.state != ChainHealthState::Ok;
    entry.width = swatch() + gap + ImGui::CalcTextSize(chain.label.c_str()).x;
    if (!entry.shown.empty())
      entry.width += gap + ImGui::CalcTextSize(entry.shown.c_str()).x * 0.85f;
    out.push_back(std::move(entry));
  }
  return out;
}

int rows_for(const std::vector<Entry>& list, float width) {
  int rows = 1;
  float x = 0.0f;
  for (const Entry& entry : list) {
    if (x > 0.0f && x + entry.width > width) {
      ++rows;
      x = 0.0f;
    }
    x += entry.width + spacing();
  }
  return rows;
}

float row_height() {
  return ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y;
}

}  // namespace

float chain_legend_height(const EngineSnapshot& snapshot, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float inner = width - 2.0f * style.WindowPadding.x;
  const int rows = snapshot.chains.empty() ? 1 : rows_for(entries(snapshot), inner);
  return static_cast<float>(rows) * row_height() + 2.0f * style.WindowPadding.y;
}

void show_chain_legend(const EngineSnapshot& snapshot, const std::map<int, std::uint32_t>& colours,
                       std::set<int>& hidden) {
  if (snapshot.chains.empty()) {
    ImGui::TextDisabled("No chains: add one in the Controls panel.");
    return;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 at = origin;
  for (const Entry& entry : entries(snapshot)) {
    const ChainSnapshot& chain = *entry.chain;
    if (at.x > origin.x && at.x + entry.width > right) {
      at.x = origin.x;
      at.y += row_height();
    }
    ImGui::SetCursorScreenPos(at);
    ImGui::PushID(chain.id);
    const bool shown = hidden.count(chain.id) == 0;
    if (ImGui::InvisibleButton("##legend", ImVec2(entry.width, ImGui::GetTextLineHeight()))) {
      if (shown)
        hidden.insert(chain.id);
      else
        hidden.erase(chain.id);
    }
    ui_probe::record_last_item("legend/" + std::to_string(chain.id));
    ui_probe::record_text("legend/" + std::to_string(chain.id) + "/status",
                          entry.status.empty() ? "running" : entry.status);
    ui_probe::record_text("legend/" + std::to_string(chain.id) + "/drawn",
                          entry.shown.empty() ? chain.label : chain.label + " " + entry.shown);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
      ImGui::Text("%s (%s, %s): click to %s it in every panel", chain.label.c_str(),
                  chain.sampler_id.c_str(), entry.status.empty() ? "running" : entry.status.c_str(),
                  shown ? "hide" : "show");
      if (chain.stopped) ImGui::TextUnformatted(chain.stop_reason.c_str());
      if (!chain.stopped && chain.health.state != ChainHealthState::Ok)
        ImGui::TextUnformatted(chain.health.finding.c_str());
      // What its draws are, and what is known to be off with them (output_kind.hpp).
      const OutputFacts facts = chain_output_facts(snapshot, chain);
      ImGui::TextUnformatted(output_kind_meaning(facts.kind));
      for (const std::string& warning : output_warnings(facts))
        ImGui::Text("warning: %s", warning.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::PopID();

    const auto found = colours.find(chain.id);
    const ImU32 colour = found != colours.end() ? found->second : default_chain_colour(chain.id);
    const float s = swatch();
    const ImVec2 box_min(at.x, at.y + (ImGui::GetTextLineHeight() - s) * 0.5f);
    const ImVec2 box_max(box_min.x + s, box_min.y + s);
    if (shown) draw->AddRectFilled(box_min, box_max, colour, s * 0.2f);
    draw->AddRect(box_min, box_max, colour, s * 0.2f, 0, 2.0f);
    const ImU32 text =
        shown ? ImGui::GetColorU32(ImGuiCol_Text) : ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float label_x = box_max.x + gap;
    draw->AddText(ImVec2(label_x, at.y), text, chain.label.c_str());
    if (!shown) {  // struck through: a hollow box alone went unnoticed after a stray click
      const float mid_y = at.y + 0.55f * ImGui::GetTextLineHeight();
      draw->AddLine(ImVec2(label_x, mid_y),
                    ImVec2(label_x + ImGui::CalcTextSize(chain.label.c_str()).x, mid_y), text,
                    1.5f);
    }
    const float status_x = label_x + ImGui::CalcTextSize(chain.label.c_str()).x + gap;
    const ImU32 status_colour = entry.alarm     ? IM_COL32(200, 30, 30, 255)
                                : entry.caution ? IM_COL32(190, 110, 0, 255)
                                                : ImGui::GetColorU32(ImGuiCol_TextDisabled);
    // The status reads as a quieter annotation: 85% of the label's size.
    draw->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.85f,
                  ImVec2(status_x, at.y + ImGui::GetFontSize() * 0.1f), status_colour,
                  entry.shown.c_str());
    at.x += entry.width + spacing();
  }
}

}  // namespace sgl
