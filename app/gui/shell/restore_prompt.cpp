#include "app/gui/shell/restore_prompt.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>

#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/browser_persist.hpp"
#include "core/util/error.hpp"

namespace sgl {

void RestorePrompt::offer(std::string path) {
  path_ = std::move(path);
  try {
    const Scenario saved = load_scenario(path_);
    const std::size_t chains = saved.session ? saved.session->chains.size() : saved.chains.size();
    summary_ = (saved.title.empty() ? saved.target.id : saved.title) + ", " +
               std::to_string(chains) + (chains == 1 ? " chain" : " chains");
  } catch (const UserError& error) {
    error_ = std::string("it cannot be read: ") + error.what();
  }
}

void RestorePrompt::show() {
  if (path_.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + 8.0f),
      ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin("Restore the previous session?", nullptr, flags)) {
    // Above the tiled panels, but without taking keyboard focus from a field being edited.
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    ui_probe::record_current_window("restore/offer");
#ifdef __EMSCRIPTEN__
    // A page is never closed normally: every reload, closed tab or crash leaves its autosave.
    ImGui::TextUnformatted("The page was reloaded or closed: its last settings were kept.");
#else
    ImGui::TextUnformatted("The last window was not closed normally (a crash or a kill).");
#endif
    if (error_.empty()) {
      ImGui::Text("Its session was saved: %s.", summary_.c_str());
      if (ImGui::Button("Restore")) {
        try {
          request_ = load_scenario(path_);
          std::remove(path_.c_str());
          persist_state_soon();
          path_.clear();
        } catch (const UserError& error) {
          error_ = std::string("it cannot be read: ") + error.what();
        }
      }
      ui_probe::record_last_item("restore/restore");
      ImGui::SameLine();
    } else {
      ImGui::TextWrapped("Its saved session cannot be restored: %s", error_.c_str());
    }
    if (ImGui::Button("Discard")) {
      std::remove(path_.c_str());
      persist_state_soon();
      path_.clear();
    }
    ui_probe::record_last_item("restore/discard");
  }
  ImGui::End();
}

std::optional<Scenario> RestorePrompt::take_request() {
  std::optional<Scenario> request = std::move(request_);
  request_.reset();
  return request;
}

}  // namespace sgl
