#include "core/targets/mlp_data.hpp"

#include <cmath>
#include <numbers>
#include <sstream>

#include "core/io/idx_file.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

constexpr int kMaxClasses = 1000;

void fill_gap_regression(MlpData& data, Rng& rng, double noise_sd) {
  data.input_names = {"x"};
  for (std::int64_t k = 0; k < data.size(); ++k) {
    const double magnitude = 1.5 + 2.5 * rng.uniform();
    const double x = k % 2 == 0 ? -magnitude : magnitude;
    data.x(k, 0) = x;
    data.y[k] = std::sin(x) + noise_sd * rng.normal();
  }
}

void fill_two_moons(MlpData& data, Rng& rng) {
  constexpr double kJitter = 0.15;
  data.input_names = {"x1", "x2"};
  for (std::int64_t k = 0; k < data.size(); ++k) {
    const double t = std::numbers::pi * rng.uniform();
    const bool upper = k % 2 == 0;
    // sklearn's make_moons, shifted so that the picture is centred at the origin.
    const double x1 = upper ? std::cos(t) : 1.0 - std::cos(t);
    const double x2 = upper ? std::sin(t) : 0.5 - std::sin(t);
    data.x(k, 0) = x1 - 0.5 + kJitter * rng.normal();
    data.x(k, 1) = x2 - 0.25 + kJitter * rng.normal();
    data.y[k] = upper ? 0.0 : 1.0;
  }
}

void fill_spirals(MlpData& data, Rng& rng, int classes) {
  constexpr double kJitter = 0.1;
  data.input_names = {"x1", "x2"};
  for (std::int64_t k = 0; k < data.size(); ++k) {
    const int label = static_cast<int>(k % classes);
    const double t = rng.uniform();
    const double angle = 2.0 * std::numbers::pi * label / classes + 3.0 * t;
    const double radius = 0.2 + 1.8 * t;
    data.x(k, 0) = radius * std::cos(angle) + kJitter * rng.normal();
    data.x(k, 1) = radius * std::sin(angle) + kJitter * rng.normal();
    data.y[k] = label;
  }
}

int categorical_classes(const MlpData& data) {
  double largest = 0.0;
  for (std::int64_t k = 0; k < data.size(); ++k) {
    const double label = data.y[k];
    if (!(label >= 0.0 && label == std::floor(label) && label < kMaxClasses)) {
      std::ostringstream message;
      message << "data file '" << excerpt(data.source) << "', data row " << k + 1
              << ": a categorical label must be a whole number 0.." << kMaxClasses - 1 << ", got "
              << label;
      throw UserError(message.str());
    }
    largest = std::max(largest, label);
  }
  if (largest < 1.0)
    throw UserError("data file '" + excerpt(data.source) +
                    "': a categorical response needs at least two classes (labels 0 and 1)");
  return static_cast<int>(largest) + 1;
}

// Images and labels in IDX files (MNIST, Fashion-MNIST): one input per pixel, scaled to [0, 1].
MlpData load_idx_images(const std::string& path, MlpLikelihood likelihood) {
  const std::string where = "data file '" + excerpt(path) + "'";
  if (likelihood != MlpLikelihood::Categorical)
    throw UserError(where + " holds images with class labels: use likelihood=categorical");
  const std::string labels_path = idx_labels_path(path);
  if (labels_path.empty())
    throw UserError(where +
                    ": an IDX images file must be named …-images-idx3-ubyte[.gz], with "
                    "its labels beside it as …-labels-idx1-ubyte[.gz]");
  const IdxArray images = read_idx(path);
  const IdxArray labels = read_idx(labels_path);
  if (images.shape.size() < 2 || labels.shape.size() != 1 || labels.shape[0] != images.shape[0])
    throw UserError(where + " and its labels file do not match (images × pixels, one label each)");
  MlpData data;
  data.source = path;
  const std::int64_t n = images.shape[0];
  const std::int64_t pixels = static_cast<std::int64_t>(images.values.size()) / n;
  data.x.resize(n, pixels);
  data.y.resize(n);
  for (std::int64_t k = 0; k < n; ++k) {
    for (std::int64_t j = 0; j < pixels; ++j)
      data.x(k, j) = images.values[static_cast<std::size_t>(k * pixels + j)] / 255.0;
    data.y[k] = labels.values[static_cast<std::size_t>(k)];
  }
  for (std::int64_t j = 1; j <= pixels; ++j) data.input_names.push_back("px" + std::to_string(j));
  data.classes = categorical_classes(data);
  return data;
}

}  // namespace

MlpData make_synthetic_mlp_data(MlpLikelihood likelihood, std::int64_t n, std::uint64_t seed,
                                double noise_sd, int classes) {
  MlpData data;
  data.source = "synthetic";
  const int inputs = likelihood == MlpLikelihood::Gaussian ? 1 : 2;
  data.x.resize(n, inputs);
  data.y.resize(n);
  Rng rng(seed);
  if (likelihood == MlpLikelihood::Gaussian) {
    fill_gap_regression(data, rng, noise_sd);
  } else if (likelihood == MlpLikelihood::Bernoulli) {
    fill_two_moons(data, rng);
  } else {
    fill_spirals(data, rng, classes);
    data.classes = classes;
  }
  return data;
}

MlpData load_mlp_data_file(const std::string& path, const std::string& response,
                           MlpLikelihood likelihood) {
  if (is_idx_file(path)) return load_idx_images(path, likelihood);
  Dataset table = load_data_file(
      path, response,
      likelihood == MlpLikelihood::Bernoulli ? ResponseKind::Binary : ResponseKind::Gaussian);
  MlpData data;
  data.source = path;
  // Column 0 of a regression's design matrix is its intercept; the network has biases instead.
  const Eigen::Index inputs = table.x.cols() - 1;
  if (inputs < 1)
    throw UserError("data file '" + excerpt(path) + "' has no input column besides '" +
                    excerpt(response) + "'");
  data.x = table.x.rightCols(inputs);
  data.y = std::move(table.y);
  data.input_names.assign(table.coefficient_names.begin() + 1, table.coefficient_names.end());
  if (likelihood == MlpLikelihood::Categorical) data.classes = categorical_classes(data);
  return data;
}

}  // namespace sgl
