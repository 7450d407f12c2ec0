// What a sampler with a training phase (DAIS, NS-DAIS, SL-DAIS) reports about it: progress, the
// ELBO curve, the learned schedule, and the ELBO estimated from its independent draws. Built on
// the worker thread, immutable once published, shared by the GUI views and summary.json.
#pragma once

#include <cstdint>
#include <vector>

namespace sgl {

struct TrainingReport {
  std::uint64_t iterations = 0;  // Adam steps planned
  std::uint64_t completed = 0;   // Adam steps done
  // Training ELBO (mean log w of each step's samples), averaged over buckets of consecutive
  // steps so that at most a few hundred points remain; steps[i] is the last step of bucket i.
  std::vector<double> elbo_trace;
  std::vector<std::uint64_t> elbo_trace_steps;
  std::vector<double> beta;  // β_1..β_K
  std::vector<double> base_mean;
  std::vector<double> base_scale;
  double step_size = 0.0;      // η
  double gamma = 0.0;          // γ
  double learning_rate = 0.0;  // Adam's current rate (after the schedule's drops)
  double training_seconds = 0.0;
  std::uint64_t failed_samples = 0;  // ELBO samples that were not finite (skipped)
  // ELBO estimated from the draws after training: mean of log w (final term over all data) and
  // its standard error; elbo_samples = 0 before the first draw.
  std::uint64_t elbo_samples = 0;
  double elbo = 0.0;
  double elbo_se = 0.0;
};

// Particles pushed through the K annealing transitions with the current parameters:
// z(k, particle, coordinate) for k = 0..K (k = 0 is the base q₀).
struct AnnealingCloud {
  int steps = 0;  // K
  int particles = 0;
  int dim = 0;
  std::vector<double> z;  // ((k · particles) + particle) · dim + coordinate
  double at(int k, int particle, int coordinate) const {
    return z[(static_cast<std::size_t>(k) * static_cast<std::size_t>(particles) +
              static_cast<std::size_t>(particle)) *
                 static_cast<std::size_t>(dim) +
             static_cast<std::size_t>(coordinate)];
  }
};

}  // namespace sgl
