// The Gradient noise panel: at a chain's frozen θ, its stochastic gradients against ∇U and
// SGHMC's B̂ and C in the same units. It reads only shared settings, and owns the measurement,
// which is made off the UI thread.
#pragma once

#include "app/gui/panels/gradient_noise_inspector.hpp"
#include "app/gui/panels/view_panel.hpp"

namespace sgl {

class GradientNoisePanel : public PlainViewPanel {
 public:
  explicit GradientNoisePanel(const PanelEntry& entry);
  void lend_resources(ViewContext& context) override { context.gradient_noise = &inspector_; }
  bool busy() const override { return inspector_.busy(); }
  bool measuring() const override { return inspector_.measuring(); }
  void set_finish_hook(const std::function<void()>& hook) override {
    inspector_.set_finish_hook(hook);
  }

 private:
  GradientNoiseInspector inspector_;
};

}  // namespace sgl
