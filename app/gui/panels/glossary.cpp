#include "app/gui/panels/glossary.hpp"

#include <imgui.h>

#include "app/gui/shell/ui_probe.hpp"

namespace sgl {
namespace {

bool glossary_open = false;

}  // namespace

const std::vector<GlossaryEntry>& glossary() {
  static const std::vector<GlossaryEntry> entries = {
      {"chain", "Sampler and chain id (the id is also the chain's seed stream)"},
      {"steps",
       "Sampler steps taken since the last reset (one leapfrog step, or one MH trajectory)"},
      {"steps/s", "Recent sampling speed of this chain, in steps per second"},
      {"grad evals", "Gradient evaluations, counted per datum (a full-data gradient counts n)"},
      {"data passes",
       "(gradient + density evaluations per datum) / n: how many full-data passes the chain cost"},
      {"accept",
       "Fraction of Metropolis–Hastings proposals accepted (— without an MH step); samplers with "
       "an auxiliary chain show its rate in a column of its own (α_u, α_I)"},
      {"α_θ", "Acceptance rate of the θ update (the HMC trajectory) of HMC-ECS"},
      {"α_u", "Acceptance rate of HMC-ECS's subsample update u (a block of indices redrawn)"},
      {"α_I",
       "Acceptance rate of EWSG's Metropolis index chain (which data block I gives the gradient)"},
      {"τ̂",
       "Signed HMC-ECS: fraction of iterations whose likelihood estimate L̂ was positive; "
       "sign-weighted means have variance growing as 1/(2τ̂ − 1)²"},
      {"mean α", "Mean acceptance probability min(1, e^−ΔH) over all MH proposals"},
      {"IAT",
       "Integrated autocorrelation time 1 + 2Σρ(lag): how many draws one independent draw is "
       "worth"},
      {"ESS", "Effective sample size: draws / IAT, the number of independent draws as good"},
      {"ESS min", "Effective sample size, the smallest over all coordinates"},
      {"R̂",
       "Rank-normalised split R̂ (Vehtari et al. 2021) over chains of one sampler: ≈ 1 when "
       "they agree; above 1.01 (amber) the chains disagree and their draws are not yet "
       "trustworthy"},
      {"bulk ESS",
       "Effective sample size of the rank-normalised draws of all chains of a group: how well "
       "the centre (mean, median) is estimated"},
      {"tail ESS",
       "Smaller of the ESS of the 5% and 95% quantile indicators over all chains: how well the "
       "tails (intervals) are estimated"},
      {"sampler group",
       "The running chains of one sampler, pooled for R̂ and bulk/tail ESS (×k: k chains)"},
      {"coordinate", "The selected coordinate, and the worst over all coordinates"},
      {"ensemble",
       "The ensemble's chains of one sampler: R̂ and ESS over each chain's later checkpoints"},
      {"ESS per 1000 gradients",
       "Smallest ESS per 1000 gradient evaluations: efficiency per unit of work"},
      {"CT",
       "Computing time: IAT × data passes per iteration, the cost of one independent draw in "
       "full-data passes (Dang et al. 2019)"},
      {"TV",
       "Total variation distance ½Σ|p̂ − p| of the chain's histogram to the true density (0 = "
       "identical, 1 = disjoint)"},
      {"KL", "Kullback–Leibler divergence KL(histogram ‖ truth) = Σ p̂ log(p̂ / p)"},
      {"divergences",
       "Steps whose energy H became non-finite or jumped by more than 1000: the discretisation "
       "blew up"},
      {"εC",
       "SGHMC: step size × friction. The momentum is multiplied by 1 − εC each step, so εC ≥ 2 "
       "makes it flip sign and grow"},
      {"λ_max",
       "Largest curvature (Hessian eigenvalue) of U at the mode: leapfrog is stable for "
       "ε < 2/√λ_max, SGLD for ε < 4/λ_max"},
      {"status", "running / paused / stopped, with the reason a chain stopped"},
  };
  return entries;
}

const char* glossary_definition(const std::string& term) {
  for (const GlossaryEntry& entry : glossary())
    if (term == entry.term) return entry.definition;
  return "";
}

void glossary_tooltip_for_last_item(const std::string& term) {
  glossary_tooltip_for_last_item(std::vector<std::string>{term});
}

void glossary_tooltip_for_last_item(const std::vector<std::string>& terms) {
  if (!ImGui::IsItemHovered()) return;
  std::string text;
  for (const std::string& term : terms) {
    const char* definition = glossary_definition(term);
    if (*definition == '\0') continue;
    if (!text.empty()) text += "\n";
    text += term + ": " + definition;
  }
  if (text.empty()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void glossary_marker(const std::vector<std::string>& terms) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  glossary_tooltip_for_last_item(terms);
}

void open_glossary_window() {
  glossary_open = true;
}

void show_glossary_window() {
  if (!glossary_open) return;
  const float font = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(ImVec2(font * 40.0f, font * 30.0f), ImGuiCond_FirstUseEver);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + font * 2.0f),
      ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.0f));
  if (ImGui::Begin("Glossary", &glossary_open)) {
    ui_probe::record_current_window("panel/Glossary");
    if (ImGui::BeginTable("##glossary", 2,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                              ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("term", ImGuiTableColumnFlags_WidthFixed, font * 7.0f);
      ImGui::TableSetupColumn("definition", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableHeadersRow();
      for (const GlossaryEntry& entry : glossary()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(entry.term);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", entry.definition);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace sgl
