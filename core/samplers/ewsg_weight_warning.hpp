// The plain-words warning for EWSG chains whose index weights have degenerated. EWSG picks the
// data block B with probability p_B ∝ exp((h/4γ)‖γr + G_B‖²); when the block gradients G_B
// spread widely (small b on many data: the exponents then differ by hundreds or thousands), a
// few blocks take all the weight, the step follows the data with the largest gradients, and
// posterior means come out several sd off while R̂ and ESS look fine (issue 25: 4–5 sd on a
// 1 179-row logistic regression). The diagnostic is the effective sample size of the weights
// over the blocks as a fraction of the blocks (EwsgIndexChain::weight_ess_fraction).
#pragma once

#include <string>
#include <vector>

namespace sgl {

// Below this fraction the weights count as degenerate. On the 1 179-row regression of the
// tests the mean error grew from ≈ 0 at a fraction ≈ 0.9 to 0.15 sd at 0.27 and 0.6 sd at 0.07.
inline constexpr double kEwsgDegenerateWeightFraction = 0.5;

// Empty when the fraction is fine or unknown (NaN: not measured); otherwise one sentence.
std::string ewsg_weight_warning(double ess_fraction);
// The same for a sampler's chains: the warning of the worst one (NaNs skipped).
std::string ewsg_weight_warning(const std::vector<double>& per_chain_fractions);

}  // namespace sgl
