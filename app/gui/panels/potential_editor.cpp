#include "app/gui/panels/potential_editor.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the box's horizontal scroll, for the underline

#include <algorithm>
#include <cstdio>

#include "app/gui/shell/ui_probe.hpp"
#include "core/targets/expression/program.hpp"
#include "core/targets/potential_window.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

const ImVec4 kInvalidColour(0.85f, 0.10f, 0.10f, 1.0f);

std::string format_interval(const char* name, const Interval& axis) {
  char text[96];
  std::snprintf(text, sizeof text, "%s in [%.3g, %.3g]", name, axis.lo, axis.hi);
  return text;
}

// The column in "potential, column 12: ..." (0 if there is none).
int column_of(const std::string& message) {
  int column = 0;
  return std::sscanf(message.c_str(), "potential, column %d:", &column) == 1 ? column : 0;
}

}  // namespace

const std::vector<PotentialExample>& potential_examples() {
  static const std::vector<PotentialExample> examples = {
      {"banana (rotated)", "0.5*x^2 + 2*(y - 0.5*x^2)^2"},
      {"double well", "x^4 - 2*x^2 + 0.5*y^2"},
      {"two modes (logaddexp)", "-logaddexp(-0.5*((x - 2)^2 + y^2), -0.5*((x + 2)^2 + y^2))"},
      {"softplus tilt (1-D)", "log(1 + exp(x)) - 0.3*x"},
      {"correlated Gaussian", "(x^2 - 1.6*x*y + y^2) / (2*(1 - 0.64))"},
      {"ring", "(sqrt(x^2 + y^2) - 2)^2 / (2*0.3^2)"},
      {"Laplace corner", "abs(x) + abs(y) + 0.5*abs(x - y)"},
      {"Gamma(3, 1) (1-D)", "x - 2*log(x)"},
  };
  return examples;
}

void PotentialEditor::validate() {
  validated_ = text_;
  error_.clear();
  error_column_ = 0;
  window_.clear();
  try {
    const expr::Program program = expr::Program::compile(validated_);
    const PotentialWindow window = find_potential_window(program, {});
    // One axis per line: ImGui's wrapping would break a number such as "-5.79" at its point.
    window_ = "truth window " + format_interval("x", window.box[0]);
    if (window.box.size() > 1) window_ += "\ntruth window " + format_interval("y", window.box[1]);
  } catch (const UserError& error) {
    error_ = error.what();
    error_column_ = column_of(error_);
  }
}

std::optional<std::string> PotentialEditor::show(const std::string& applied) {
  std::optional<std::string> apply;
  if (applied != synced_) {
    // The engine's target changed (a preset, a saved session, the gallery): show it.
    synced_ = applied;
    std::snprintf(text_, sizeof text_, "%s", applied.c_str());
  }
  if (validated_ != text_) validate();

  const bool invalid = !error_.empty();
  if (invalid) {
    ImGui::PushStyleColor(ImGuiCol_Border, kInvalidColour);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
  }
  ImGui::SetNextItemWidth(-1.0f);
  // A click selects the whole expression, so typing replaces it (Ctrl+A then typing inserted
  // into the old text for a newcomer, run 11); a second click places the caret.
  const ImGuiInputTextFlags flags =
      ImGuiInputTextFlags_EnterReturnsTrue |
      (refocused_to_fix_ ? ImGuiInputTextFlags_None : ImGuiInputTextFlags_AutoSelectAll);
  const bool entered = ImGui::InputTextWithHint("##potential", "U(x, y), e.g. 0.5*x^2 + 0.5*y^2",
                                                text_, sizeof text_, flags);
  if (ImGui::IsItemDeactivated()) refocused_to_fix_ = false;
  if (entered) {
    if (validated_ != text_) validate();
    // Enter on an invalid expression keeps the box: it used to leave it, and the keys typed to
    // fix the text went to the window's shortcuts (S slow motion, N step, Space, R reset).
    if (!error_.empty()) {
      ImGui::SetKeyboardFocusHere(-1);
      refocused_to_fix_ = true;
    }
  }
  ui_probe::record_last_item("target/potential");
  ui_probe::record_text("potential/applied", applied);
  ui_probe::record_text("potential/text", text_);  // what the box holds now (tests type into it)
  if (!error_.empty()) ui_probe::record_text("potential/error", error_);
  // Applied on Enter or when the box is left, never mid-typing: applied on a pause, half-typed
  // expressions that happened to parse ran, and diverged three of a newcomer's four chains.
  const bool left_after_edit = ImGui::IsItemDeactivatedAfterEdit();
  const ImVec2 box_min = ImGui::GetItemRectMin(), box_max = ImGui::GetItemRectMax();
  // While the box has focus ImGui scrolls a long text sideways; the underline moves with it.
  const ImGuiInputTextState* state = ImGui::GetInputTextState(ImGui::GetItemID());
  const float scroll = ImGui::IsItemActive() && state != nullptr ? state->ScrollX : 0.0f;
  // The grammar shows on hover, not while typing: over the box it covered the Target controls
  // the typing changes.
  const bool hovered = ImGui::IsItemHovered() && !ImGui::IsItemActive();
  if (invalid) {
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    // Underline from the offending column to the end of the text, within the box.
    const std::string text = text_;
    const std::size_t from = error_column_ > 0 ? std::size_t(error_column_ - 1) : 0;
    const float pad = ImGui::GetStyle().FramePadding.x;
    const float text_x = box_min.x + pad - scroll;
    float x0 = text_x + ImGui::CalcTextSize(text.substr(0, from).c_str()).x;
    float x1 = text_x + ImGui::CalcTextSize(text.c_str()).x;
    if (x1 < x0 + 8.0f) x1 = x0 + 8.0f;
    x0 = std::max(x0, box_min.x + pad);
    x1 = std::min(x1, box_max.x - pad);
    const float y = box_max.y - 4.0f;
    if (x1 > x0) {  // else the offending part is scrolled out of sight
      ImGui::GetWindowDrawList()->AddLine(ImVec2(x0, y), ImVec2(x1, y),
                                          ImGui::GetColorU32(kInvalidColour), 2.0f);
      ui_probe::record_rect("potential/underline", {x0, y - 1.0f, x1 - x0, 2.0f});
    }
  }
  if (hovered) {
    // Above the box, never below it: the error message is there.
    ImGui::SetNextWindowPos(ImVec2(box_min.x, box_min.y - ImGui::GetStyle().ItemSpacing.y),
                            ImGuiCond_Always, ImVec2(0.0f, 1.0f));
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(
        "Your potential U = −log density, in x (1-D) or x and y (2-D).\n"
        "Operators: + - * / ^ and parentheses; constant pi.\n"
        "Functions: exp log sqrt sin cos tan tanh abs pow min max logaddexp.\n"
        "Applied when you press Enter (or leave the box); while it is invalid the chains keep "
        "the last valid target.");
    ui_probe::record_current_window("potential/tooltip");
    ImGui::EndTooltip();
  }

  if (invalid) {
    ImGui::PushStyleColor(ImGuiCol_Text, kInvalidColour);
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
    ui_probe::record_last_item("potential/error_message");
  }
  const bool pending = validated_ != applied && !invalid;
  if (pending && (entered || left_after_edit)) {
    apply = validated_;
  } else if (pending) {
    ImGui::TextUnformatted("valid: press Enter to apply");
    ui_probe::record_text("potential/pending", "press Enter to apply");
  } else if (!invalid && !window_.empty()) {
    ImGui::TextDisabled("%s", window_.c_str());
  }

  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##examples", "examples...")) {
    for (const PotentialExample& example : potential_examples()) {
      if (ImGui::Selectable(example.name)) {
        std::snprintf(text_, sizeof text_, "%s", example.expression);
        validate();
        if (error_.empty()) apply = validated_;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", example.expression);
    }
    ImGui::EndCombo();
  }
  ui_probe::record_last_item("target/examples");
  return apply;
}

}  // namespace sgl
