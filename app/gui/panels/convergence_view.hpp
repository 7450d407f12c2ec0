// The Experiment panel's convergence line for a finished ensemble (convergence_view.cpp; the
// live groups' block is declared with the other views in views.hpp).
#pragma once

namespace sgl {

struct EnsembleResult;

// The height show_ensemble_convergence needs (the ensemble plot leaves it free).
float ensemble_convergence_height(const EnsembleResult& result);
// Per series: the largest R̂ and smallest bulk/tail ESS over the coordinates, R̂ > 1.01 flagged.
// `compact`: one line (the worst R̂, the table in its tooltip), for a panel too short for both
// the plot and the table.
void show_ensemble_convergence(const EnsembleResult& result, bool compact = false);

}  // namespace sgl
