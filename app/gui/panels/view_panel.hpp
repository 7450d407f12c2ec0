// The common shape of a plot panel: a view function drawing from the context and the panel's own
// settings struct, which the panel holds. draw passes the settings themselves (the view's widgets
// change them); export_view passes a copy, so an offscreen redraw never changes the window.
#pragma once

#include "app/gui/panels/panel.hpp"

namespace sgl {

template <typename Settings>
class ViewPanel : public Panel {
 public:
  using View = void (*)(ViewContext&, Settings&);

  ViewPanel(const PanelEntry& entry, View view) : Panel(entry), view_(view) {}

  void draw(ViewContext& context) override { view_(context, settings_); }
  ViewDrawFunction export_view() const override { return drawing(settings_); }
  Settings& settings() { return settings_; }
  const Settings& settings() const { return settings_; }

 protected:
  // The view drawn with `settings` (a copy kept by the function object).
  ViewDrawFunction drawing(Settings settings) const {
    return [view = view_, settings](ViewContext& context) mutable { view(context, settings); };
  }

 private:
  View view_;
  Settings settings_;
};

// A panel whose view reads only the context (the shared settings and the snapshot).
class PlainViewPanel : public Panel {
 public:
  using View = void (*)(ViewContext&);

  PlainViewPanel(const PanelEntry& entry, View view) : Panel(entry), view_(view) {}

  void draw(ViewContext& context) override { view_(context); }
  ViewDrawFunction export_view() const override { return view_; }

 private:
  View view_;
};

}  // namespace sgl
