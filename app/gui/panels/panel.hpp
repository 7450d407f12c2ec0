// A plot panel as a plug-in: an object made from the panel catalog (app/gui/shell/panel_table.cpp,
// one case a panel) that owns its settings and its resources (GL textures, measurements made off
// the UI thread) and draws its view. The app shell only composes: it lays the windows out, opens
// each panel's window, calls draw, and routes exports and the session's settings by panel.
// Settings that several panels share for a reason live in SharedViewSettings (view_context.hpp).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>

#include "app/gui/panels/view_context.hpp"
#include "app/scenario/panel_catalog.hpp"

namespace sgl {

class Panel {
 public:
  explicit Panel(const PanelEntry& entry) : entry_(entry) {}
  virtual ~Panel() = default;
  Panel(const Panel&) = delete;
  Panel& operator=(const Panel&) = delete;

  PanelId id() const { return entry_.id; }
  const char* title() const { return entry_.title; }
  const char* stem() const { return entry_.stem; }
  const PanelEntry& entry() const { return entry_; }

  // What its window's right-click menu offers: a plot view's exports and GIF recording, only
  // the exports (Controls, Experiment), or nothing (Notes: File → Export reaches them).
  enum class ContextMenu { ExportAndRecord, ExportOnly, None };
  virtual ContextMenu context_menu() const { return ContextMenu::ExportAndRecord; }
  // The Controls list every chain, hidden ones included (a hidden chain stays editable); views
  // draw the chains the legend leaves visible.
  virtual bool shows_hidden_chains() const { return false; }
  // Screen units of controls above the figure inside the panel's content (the Experiment's
  // progress bar and Run again, for a window whose top is at `window_top`), which its PNG export
  // leaves out.
  virtual float widgets_above_figure(float window_top) const {
    (void)window_top;
    return 0.0f;
  }

  // Draws the view into the current window. `context` carries this panel's resources
  // (lend_resources) and the shared settings; the panel's own settings are its own.
  virtual void draw(ViewContext& context) = 0;
  // Points the context's resource slots at what this panel owns (textures, off-thread
  // measurements); the shell calls it before draw and before an export redraws the view.
  virtual void lend_resources(ViewContext& context) { (void)context; }
  // The view as exports redraw it (PNG figure, slide, SVG, GIF frame): it draws a copy of the
  // panel's settings taken now, so drawing it again offscreen never changes the window.
  virtual ViewDrawFunction export_view() const = 0;
  // The still figure of a finished run (`run --out`); empty: the panel has none.
  virtual ViewDrawFunction run_figure() const { return {}; }
  // The run figure is written only for targets of at least this dimension.
  virtual int run_figure_min_dim() const { return 1; }

  // The panel's settings as a JSON object holding only what differs from the defaults (an
  // untouched panel writes nothing, so the session file reads as before); restore_settings
  // takes such an object back. Unknown keys and values of the wrong type are skipped: a session
  // written by a newer version still opens.
  virtual nlohmann::ordered_json save_settings() const { return nlohmann::ordered_json::object(); }
  virtual void restore_settings(const nlohmann::ordered_json& saved) { (void)saved; }

  // Something the panel shows moves with time alone (an animation): the window must keep waking.
  virtual bool changes_with_time(const EngineSnapshot& snapshot) const {
    (void)snapshot;
    return false;
  }
  // Work of this panel's is under way off the UI thread (keep rendering frames for its result).
  virtual bool busy() const { return false; }
  // A measurement whose result the next frame should show is being made (gui --screenshot waits).
  virtual bool measuring() const { return false; }
  // Called on a worker thread when such work finishes (wakes the event loop).
  virtual void set_finish_hook(const std::function<void()>& hook) { (void)hook; }

 private:
  PanelEntry entry_;
};

}  // namespace sgl
