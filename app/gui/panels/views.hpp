// The live views. Each fills the current ImGui window's content region (the app shell owns the
// windows and their layout) from the context's snapshot and shared settings, and from its
// panel's own settings where it has some (the panel classes, *_panel.hpp, hold them); none of
// them talks to the engine. All of them cope with an empty snapshot (no chains, no draws yet).
#pragma once

#include "app/gui/panels/view_context.hpp"

namespace sgl {

struct AutocorrelationSettings;  // autocorrelation_panel.hpp
struct EnergySettings;           // energy_panel.hpp
struct HistogramSettings;        // histogram_panel.hpp
struct TargetSettings;           // target_panel.hpp
struct TraceSettings;            // trace_panel.hpp

// 2-D targets: density heatmap with contours, sample clouds, fading trajectories, current
// positions and momentum arrows. 1-D: the density curve with positions. Regressions: a chosen
// pair of coefficients with exact (linear) or Laplace (logistic) reference ellipses.
void show_target_view(ViewContext& context, TargetSettings& settings);
// (θ_i, r_i) trajectories for the selected coordinate, over level sets of H for 1-D targets.
void show_phase_space_view(ViewContext& context);
// Histogram of the selected coordinate per chain against the true marginal, TV/KL read-out.
void show_histogram_view(ViewContext& context, HistogramSettings& settings);
// Autocorrelation ρ_0..ρ_max_lag of the selected coordinate per chain, IAT/ESS read-out.
void show_autocorrelation_view(ViewContext& context, AutocorrelationSettings& settings);
// H over steps per chain and ΔH per step, with divergence and parameter-change markers.
void show_energy_view(ViewContext& context, EnergySettings& settings);
// θ_i over steps per chain, with parameter-change markers.
void show_trace_view(ViewContext& context, TraceSettings& settings);
// DAIS chains: training progress, the ELBO curve and the current β schedule.
void show_training_view(ViewContext& context);
// The phase-space tile: when a chain trains (DAIS), tabs "DAIS training" (first) and "Phase space".
void show_phase_space_or_training_view(ViewContext& context);
// A table of per-chain counters, throughput, acceptance, ESS, distances to truth and status.
void show_metrics_view(ViewContext& context);
// At a chain's frozen θ: its stochastic gradients as a cloud around ∇U with the measured and
// exact covariance ellipses, the control-variate cloud, and SGHMC's B̂ and C in the same units,
// with a read-out of B = ½εV against B̂ and C (gradient_noise_view.cpp).
void show_gradient_noise_view(ViewContext& context);
// Under the metrics table: R̂ and bulk/tail ESS per sampler group, low mean-sign warnings.
void show_convergence_view(ViewContext& context);
// The height show_convergence_view needs (the metrics table leaves it free).
float convergence_view_height(const ViewContext& context);

}  // namespace sgl
