// The teaching aids around a chain's controls: the stability hint under its sliders (green,
// amber or red), the choice of how to reset a stopped chain, and sampler pickers that grey out
// samplers which cannot run on the current target and say why.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/run/engine_snapshot.hpp"
#include "core/samplers/stability_limits.hpp"

namespace sgl {

// Draws each hint on its own line, coloured by its level; hovering explains the rule and says
// where the curvature came from (`curvature`, e.g. "λ_max = 8 at the mode"; "" if unknown).
// Wrapped text that never breaks a number ("h = 0." | "05"): ImGui's own wrap breaks after a
// '.', so lines are broken at spaces only, as in the notes (scenario/note_wrap.hpp). One group,
// so that hovering or clicking any line is the whole text's. `width` 0: the space left.
void text_keeping_numbers(const std::string& text, float width = 0.0f);
// The height text_keeping_numbers(text, width) takes.
float text_keeping_numbers_height(const std::string& text, float width);

void show_stability_hints(const std::vector<StabilityHint>& hints, const std::string& curvature,
                          const std::string& probe = {});

// MH samplers (HMC) do not stop at a divergence: the trajectory is rejected and counted. Says how
// many, and blames the step size when a hint shows it beyond its stability limit.
void show_rejected_divergences(const ChainSnapshot& chain, const std::vector<StabilityHint>& hints);

// A stopped chain whose sliders moved on after the stop (a drag that went on past the value that
// broke it): "It stopped at step size ε = 0.689; the sliders now read step size ε = 1.779." The
// sampler's stop reason names the values it stopped at, which the slider no longer shows. Empty
// when nothing moved (or the history is too short to tell).
std::string settings_moved_since_stop(const ChainSnapshot& chain);

// How the user chose to reset a stopped chain this frame.
struct StoppedChainReset {
  bool requested = false;
  std::optional<ParamValues> params;  // the last stable settings, or nullopt: keep the current
};
// The stop reason and the reset buttons: "Reset with last stable settings (friction C = 1)"
// when `stable` holds the settings before the change that broke it (stable_settings.hpp), and
// "Reset keeping current settings". Labels wrap to the panel's width, so none is clipped.
StoppedChainReset show_stopped_chain(const ChainSnapshot& chain,
                                     const std::optional<ParamValues>& stable);
// A button label wrapped (with '\n') to the current content width.
std::string wrapped_button_label(const std::string& text);

// A combo of every sampler; those in `unavailable` (id → reason) are greyed out with the reason
// as their tooltip. Returns the id picked this frame, if any.
std::optional<std::string> sampler_picker(const char* label, const std::string& current,
                                          const std::map<std::string, std::string>& unavailable);

// Red wrapped text for a refused action, under the control that caused it.
void show_refusal(const std::string& message);

}  // namespace sgl
