// Fashion-MNIST with a 784-100-10 tanh MLP, N(0, 1) prior, minibatch 100 (issue 31; the setting
// of Chen et al. 2014, Sec. 4.2, and the EWSG paper, Sec. 5.3): for each sampler, after every data
// pass (600 steps) the test error of the current draw and of the Bayesian model average (the
// predictive probabilities averaged over the draws taken after each pass so far), and the
// seconds per pass of sampling alone (test evaluations not counted).
//   bench_mlp_fashion [passes] [out.csv] [sampler label]   (default 5 passes, every sampler;
//   the data from scripts/setup.sh)
// Writes "sampler,pass,seconds,error_draw,error_average" rows to out.csv (default stdout only).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/io/idx_file.hpp"
#include "core/run/chain.hpp"
#include "core/targets/predictive_model.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;
using Matrix = PredictiveModel::Matrix;

namespace {

const std::string kDir = "/usr/share/datasets/fashion-mnist/";

struct TestSet {
  Matrix x;
  std::vector<int> y;
};

TestSet load_test_set() {
  const IdxArray images = read_idx(kDir + "t10k-images-idx3-ubyte.gz");
  const IdxArray labels = read_idx(kDir + "t10k-labels-idx1-ubyte.gz");
  TestSet test;
  const std::int64_t n = images.shape[0], pixels = std::int64_t(images.values.size()) / n;
  test.x.resize(n, pixels);
  for (std::int64_t k = 0; k < n; ++k)
    for (std::int64_t j = 0; j < pixels; ++j)
      test.x(k, j) = images.values[std::size_t(k * pixels + j)] / 255.0;
  test.y.assign(labels.values.begin(), labels.values.end());
  return test;
}

double error_rate(const Matrix& probabilities, const std::vector<int>& labels) {
  std::int64_t wrong = 0;
  for (Eigen::Index k = 0; k < probabilities.rows(); ++k) {
    Eigen::Index best = 0;
    probabilities.row(k).maxCoeff(&best);
    wrong += best != labels[std::size_t(k)];
  }
  return double(wrong) / double(probabilities.rows());
}

struct Setting {
  std::string label, sampler;
  ParamValues params;
};

}  // namespace

int main(int argc, char** argv) {
  const int passes = argc > 1 ? std::atoi(argv[1]) : 5;
  std::unique_ptr<std::ofstream> csv;
  if (argc > 2) csv = std::make_unique<std::ofstream>(argv[2]);
  if (csv) *csv << "sampler,pass,seconds,error_draw,error_average\n";
  try {
    const auto load_start = std::chrono::steady_clock::now();
    const auto target = make_target({"mlp",
                                     {{"likelihood", 2}, {"hidden", 100}, {"prior_sd", 1.0}},
                                     kDir + "train-images-idx3-ubyte.gz",
                                     "y"});
    const TestSet test = load_test_set();
    const PredictiveModel& model = *predictive_model(*target);
    std::printf(
        "loaded %lld training and %lld test images, %d parameters, in %.1f s\n",
        static_cast<long long>(model.inputs().rows()), static_cast<long long>(test.x.rows()),
        target->dim(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count());
    const std::int64_t steps_per_pass = model.inputs().rows() / 100;
    // Step sizes for the full-data gradient (n/b times the minibatch sum): SGD's η = 1e-7 is
    // ε² of SGHMC's ε ≈ 3e-4, and momentum decay α = 0.01 = εC (Chen et al. use η = 2e-6 and
    // α = 0.01 on MNIST with their own scaling).
    const std::vector<Setting> settings = {
        {"SGD",
         "sgd-momentum",
         {{"learning_rate", 1e-7}, {"momentum_decay", 1.0}, {"batch_size", 100}}},
        {"SGD-momentum",
         "sgd-momentum",
         {{"learning_rate", 1e-7}, {"momentum_decay", 0.01}, {"batch_size", 100}}},
        {"SGHMC", "sghmc", {{"step_size", 3e-4}, {"friction", 30}, {"batch_size", 100}}},
        {"EWSG", "ewsg", {{"step_size", 3e-4}, {"friction", 30}, {"batch_size", 100}}},
        {"SGLD", "sgld", {{"step_size", 1e-5}, {"batch_size", 100}}},
        {"pSGLD", "psgld", {{"step_size", 1e-5}, {"batch_size", 100}}},
    };
    const std::string only = argc > 3 ? argv[3] : "";  // one sampler's label, e.g. EWSG
    std::printf("%-13s %5s %8s %11s %13s\n", "sampler", "pass", "s/pass", "error draw",
                "error average");
    for (const Setting& setting : settings) {
      if (!only.empty() && setting.label != only) continue;
      Chain chain(target, setting.sampler, setting.params, 1, target->default_init(), 0,
                  std::uint64_t(steps_per_pass), 4);
      Matrix average = Matrix::Zero(test.x.rows(), 10);
      for (int pass = 1; pass <= passes; ++pass) {
        const double before = chain.algorithm_seconds();
        chain.run(std::uint64_t(steps_per_pass));
        const double seconds = chain.algorithm_seconds() - before;
        if (chain.stopped()) {
          std::printf("%-13s %5d stopped: %s\n", setting.label.c_str(), pass,
                      chain.stop_reason().c_str());
          std::fflush(stdout);
          break;
        }
        const DrawStore& draws = chain.draws();
        Vec theta(target->dim());
        for (int c = 0; c < target->dim(); ++c) theta[c] = draws.theta(draws.size() - 1, c);
        const Matrix probabilities = model.predict(theta.data(), test.x);
        average += probabilities;
        const double error_draw = error_rate(probabilities, test.y);
        const double error_average = error_rate(average, test.y);
        std::printf("%-13s %5d %8.2f %11.4f %13.4f\n", setting.label.c_str(), pass, seconds,
                    error_draw, error_average);
        std::fflush(stdout);
        if (csv)
          *csv << setting.label << ',' << pass << ',' << seconds << ',' << error_draw << ','
               << error_average << '\n';
      }
    }
  } catch (const UserError& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  }
  return 0;
}
