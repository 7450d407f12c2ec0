// The Predictive view (predictive_view.cpp), declared beside views.hpp's views.
#pragma once

#include "app/gui/panels/view_context.hpp"

namespace sgl {

// Targets with a predictive model (the Bayesian MLP): for 1-D regression the data, each chain's
// posterior-predictive mean of f(x) and its 50% and 90% bands over the chain's recent draws; for
// 2-D binary classification one chain's mean predictive probability (or its entropy) as a heatmap
// with the data and the p = ½ contour. Other targets get a note saying what the view is for.
void show_predictive_view(ViewContext& context);

}  // namespace sgl
