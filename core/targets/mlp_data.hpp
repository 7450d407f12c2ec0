// The data of the Bayesian MLP target: inputs without an intercept column (the network has
// biases) and one response per row, from a synthetic generator or a data file. The synthetic
// sets are the teaching pictures: 1-D regression with a gap in the inputs, two moons (binary)
// and a K-arm spiral (K classes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/targets/mlp_network.hpp"

namespace sgl {

enum class MlpLikelihood { Gaussian, Bernoulli, Categorical };

struct MlpData {
  MlpNetwork::Matrix x;  // n × inputs
  Eigen::VectorXd y;     // n responses; categorical: labels 0..classes−1
  std::vector<std::string> input_names;
  int classes = 0;     // categorical only: K, the largest label + 1
  std::string source;  // "synthetic" or the file's path

  std::int64_t size() const { return x.rows(); }
};

// Gaussian: n points with x uniform on [−4, −1.5] ∪ [1.5, 4] (half on each side: the gap is
// where a good posterior is unsure) and y = sin(x) + noise_sd·N(0, 1).
// Bernoulli: two interleaved half circles ("moons") jittered by N(0, 0.15²), centred at 0.
// Categorical: `classes` spiral arms around the origin, jittered by N(0, 0.1²).
// All from Rng(seed), deterministic.
MlpData make_synthetic_mlp_data(MlpLikelihood likelihood, std::int64_t n, std::uint64_t seed,
                                double noise_sd, int classes);

// A data file (.csv or .npy, as the regressions read them): `response` is y, every other column
// an input. Bernoulli responses must be 0 or 1; categorical ones whole numbers 0..K−1 with at
// least two classes (UserError, one line, naming the row). An IDX images file (recognised by its
// magic number, gzipped or not; MNIST, Fashion-MNIST) is read with the labels file beside it
// (idx_file.hpp), one input per pixel scaled to [0, 1], for a categorical likelihood only.
MlpData load_mlp_data_file(const std::string& path, const std::string& response,
                           MlpLikelihood likelihood);

}  // namespace sgl
