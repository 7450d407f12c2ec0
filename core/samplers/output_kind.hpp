// What a sampler's draws are: the one word every output (summary.json, the run table, the GUI's
// Metrics and legend) shows beside a sampler, so a biased or variational answer never looks like an
// exact one. Declared per sampler in the registry's traits (sampler_registry.cpp); the warnings
// that go with it are computed in core/run/output_kind.hpp.
#pragma once

namespace sgl {

enum class OutputKind {
  Exact,        // MH-corrected: the draws target the posterior at any step size
  Asymptotic,   // stochastic-gradient or discretised dynamics, correct as the step ε → 0
  Biased,       // wrong even as ε → 0 (naive SGHMC without MH: no friction for the noise)
  Optimiser,    // an optimiser (SGD with momentum): draws collapse toward a mode
  Variational,  // draws from a fitted approximation q (the DAIS family), not the posterior
};

}  // namespace sgl
