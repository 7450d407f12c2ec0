// Unit tests of the diagnostics: streaming moments, histograms, distances to the truth, ACF,
// ESS, energy and the plotting arithmetic. Fixed seeds; tolerances derived from the Monte Carlo
// error where the result is random.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <catch2/catch.hpp>

#include "core/diagnostics/autocorrelation.hpp"
#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/energy.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/diagnostics/histogram.hpp"
#include "core/diagnostics/running_moments.hpp"
#include "core/plot/plot_math.hpp"
#include "core/util/rng.hpp"

namespace sgl {
namespace {

std::vector<double> normal_draws(std::uint64_t seed, std::size_t n, double mean = 0.0,
                                 double sd = 1.0) {
  Rng rng(seed);
  std::vector<double> x(n);
  for (double& v : x) v = mean + sd * rng.normal();
  return x;
}

// Stationary AR(1) with unit marginal variance: x_{t+1} = φ x_t + sqrt(1 − φ²) ε_t.
// Its ACF is φ^k and its integrated autocorrelation time (1 + φ)/(1 − φ).
std::vector<double> ar1_draws(std::uint64_t seed, std::size_t n, double phi,
                              std::size_t warmup = 1000) {
  Rng rng(seed);
  const double innovation_sd = std::sqrt(1.0 - phi * phi);
  double x = rng.normal();  // stationary start; the warmup is belt and braces
  for (std::size_t t = 0; t < warmup; ++t) x = phi * x + innovation_sd * rng.normal();
  std::vector<double> draws(n);
  for (double& v : draws) {
    v = x;
    x = phi * x + innovation_sd * rng.normal();
  }
  return draws;
}

double standard_normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

std::vector<double> normal_bin_masses(const Histogram1D& histogram, double mean) {
  std::vector<double> masses(static_cast<std::size_t>(histogram.bins()));
  for (int i = 0; i < histogram.bins(); ++i) {
    masses[static_cast<std::size_t>(i)] = standard_normal_cdf(histogram.bin_lo(i + 1) - mean) -
                                          standard_normal_cdf(histogram.bin_lo(i) - mean);
  }
  return masses_with_outside(masses);
}

// ---------------------------------------------------------------- running moments

TEST_CASE("Welford moments match a two-pass computation", "[diagnostics]") {
  const std::vector<double> x = normal_draws(11, 10000, 3.0, 2.0);
  RunningMoments moments;
  moments.add(x.data(), x.size());

  double mean = 0.0;
  for (double v : x) mean += v;
  mean /= static_cast<double>(x.size());
  double squares = 0.0;
  for (double v : x) squares += (v - mean) * (v - mean);
  const double variance = squares / static_cast<double>(x.size() - 1);

  CHECK(moments.count() == x.size());
  CHECK(moments.mean() == Approx(mean).epsilon(1e-12));
  CHECK(moments.variance() == Approx(variance).epsilon(1e-12));
  CHECK(moments.sd() == Approx(std::sqrt(variance)).epsilon(1e-12));
  CHECK(moments.min() == *std::min_element(x.begin(), x.end()));
  CHECK(moments.max() == *std::max_element(x.begin(), x.end()));

  SECTION("merging parts equals the whole") {
    RunningMoments first, second, third;
    first.add(x.data(), 1234);
    second.add(x.data() + 1234, 5000);
    third.add(x.data() + 6234, x.size() - 6234);
    RunningMoments empty;
    first.merge(second);
    first.merge(empty);
    empty.merge(third);
    first.merge(empty);
    CHECK(first.count() == moments.count());
    CHECK(first.mean() == Approx(moments.mean()).epsilon(1e-12));
    CHECK(first.variance() == Approx(moments.variance()).epsilon(1e-12));
    CHECK(first.min() == moments.min());
    CHECK(first.max() == moments.max());
  }
}

TEST_CASE("Running moments of too few draws are NaN", "[diagnostics]") {
  RunningMoments moments;
  CHECK(std::isnan(moments.mean()));
  moments.add(2.5);
  CHECK(moments.mean() == 2.5);
  CHECK(std::isnan(moments.variance()));
}

TEST_CASE("Streaming covariance matches two-pass and merges", "[diagnostics]") {
  // y = 0.6 x + 0.8 z has unit variance and correlation 0.6 with x.
  Rng rng(12);
  const std::size_t n = 20000;
  std::vector<double> draws(2 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const double x = rng.normal();
    draws[2 * k] = 10.0 + x;
    draws[2 * k + 1] = -5.0 + 0.6 * x + 0.8 * rng.normal();
  }
  RunningCovariance all(2), first(2), second(2);
  for (std::size_t k = 0; k < n; ++k) {
    all.add(&draws[2 * k]);
    (k < 777 ? first : second).add(&draws[2 * k]);
  }
  first.merge(second);

  const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor>> matrix(
      draws.data(), static_cast<Eigen::Index>(n), 2);
  const Eigen::RowVector2d mean = matrix.colwise().mean();
  const Eigen::MatrixXd centered = matrix.rowwise() - mean;
  const Eigen::Matrix2d covariance = centered.transpose() * centered / static_cast<double>(n - 1);

  for (int i = 0; i < 2; ++i) {
    CHECK(all.mean()(i) == Approx(mean(i)).epsilon(1e-12));
    CHECK(first.mean()(i) == Approx(mean(i)).epsilon(1e-12));
    for (int j = 0; j < 2; ++j) {
      CHECK(all.covariance()(i, j) == Approx(covariance(i, j)).epsilon(1e-10));
      CHECK(first.covariance()(i, j) == Approx(covariance(i, j)).epsilon(1e-10));
    }
  }
  // Correlation sd ≈ (1 − ρ²)/sqrt(n) = 0.0045.
  CHECK(all.correlation(0, 1) == Approx(0.6).margin(0.02));
  CHECK(all.correlation(0, 0) == Approx(1.0));
  CHECK(all.variance(1) == Approx(covariance(1, 1)).epsilon(1e-10));
}

// ---------------------------------------------------------------- histograms and distances

TEST_CASE("Histogram1D counts bins, underflow and overflow", "[diagnostics]") {
  Histogram1D histogram(0.0, 1.0, 4);
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> x = {-0.1, 0.0, 0.25, 0.2, 0.999,
                                 1.0,  1e9, -inf, inf, std::numeric_limits<double>::quiet_NaN()};
  histogram.add(x.data(), x.size());
  CHECK(histogram.counts() == std::vector<std::uint64_t>{2, 1, 0, 1});
  CHECK(histogram.underflow() == 2);  // −0.1, −∞
  CHECK(histogram.overflow() == 4);   // 1.0 (hi is exclusive), 1e9, +∞, NaN
  CHECK(histogram.total() == 10);
  CHECK(histogram.density(0) == Approx(2.0 / (10 * 0.25)));
  CHECK(histogram.bin_center(3) == Approx(0.875));

  double integral = 0.0;
  for (double d : histogram.densities()) integral += d * histogram.bin_width();
  CHECK(integral == Approx(0.4));  // the inside fraction, not 1

  Histogram1D other(0.0, 1.0, 4);
  other.add(0.6);
  histogram.merge(other);
  CHECK(histogram.count(2) == 1);
  CHECK_THROWS(histogram.merge(Histogram1D(0.0, 2.0, 4)));
  CHECK_THROWS(Histogram1D(1.0, 1.0, 4));
}

TEST_CASE("Histogram2D is row-major with x fastest", "[diagnostics]") {
  Histogram2D histogram(0.0, 2.0, 2, 0.0, 3.0, 3);
  histogram.add(1.5, 0.5);  // column 1, row 0
  histogram.add(0.5, 2.5);  // column 0, row 2
  histogram.add(0.5, 2.5);
  histogram.add(2.5, 0.5);   // outside in x
  histogram.add(0.5, -1.0);  // outside in y
  CHECK(histogram.counts() == std::vector<std::uint64_t>{0, 1, 0, 0, 2, 0});
  CHECK(histogram.count(0, 2) == 2);
  CHECK(histogram.outside() == 2);
  CHECK(histogram.total() == 5);
  CHECK(histogram.density(0, 2) == Approx(2.0 / (5 * 1.0)));
  CHECK(counts_with_outside(histogram) == std::vector<double>{0, 1, 0, 0, 2, 0, 2});
}

// Plain vectors spelled out: a braced list alone would also match the histogram overloads.
using Bins = std::vector<double>;

TEST_CASE("Distances are zero when the counts match the masses", "[diagnostics]") {
  const DistanceToTruth distance = distance_to_truth(Bins{1, 2, 3, 4}, Bins{0.1, 0.2, 0.3, 0.4});
  CHECK(distance.tv == Approx(0.0).margin(1e-15));
  CHECK(distance.kl == Approx(0.0).margin(1e-15));
}

TEST_CASE("Distances on a small known example", "[diagnostics]") {
  // p̂ = (¼, ¼, ½) against p = (½, ¼, ¼): TV = ¼, KL = ¼ log ½ + ½ log 2 = ¼ log 2.
  const DistanceToTruth distance = distance_to_truth(Bins{1, 1, 2}, Bins{0.5, 0.25, 0.25});
  CHECK(distance.tv == Approx(0.25));
  CHECK(distance.kl == Approx(0.25 * std::log(2.0)));

  // Draws where the truth has no mass: TV is the stray fraction, KL large but finite.
  const DistanceToTruth stray = distance_to_truth(Bins{1, 1}, Bins{1.0, 0.0});
  CHECK(stray.tv == Approx(0.5));
  CHECK(std::isfinite(stray.kl));
  CHECK(stray.kl == Approx(0.5 * std::log(0.5) + 0.5 * std::log(0.5 / 1e-300)));

  CHECK(std::isnan(distance_to_truth(Bins{0, 0}, Bins{0.5, 0.5}).tv));
  CHECK_THROWS(distance_to_truth(Bins{1, 1}, Bins{1.0}));
  CHECK(masses_with_outside({0.25, 0.5}).back() == Approx(0.25));
}

TEST_CASE("Histogram TV of normal draws against exact bin masses", "[diagnostics]") {
  // 50 bins, 10⁵ iid draws: the sampling floor is ≈ ½ Σ sqrt(2 p_k/(π N)) < 0.009.
  Histogram1D histogram(-4.0, 4.0, 50);
  const std::vector<double> x = normal_draws(13, 100000);
  histogram.add(x.data(), x.size());
  const std::vector<double> truth = normal_bin_masses(histogram, 0.0);
  const DistanceToTruth distance = distance_to_truth(histogram, truth);
  // Measured (seed 13): TV = 0.0066, KL = 2.5e-4.
  CHECK(distance.tv < 0.03);
  CHECK(distance.kl < 0.01);

  // N(1, 1) draws against N(0, 1): exact TV = 2Φ(½) − 1 ≈ 0.383.
  Histogram1D shifted(-4.0, 4.0, 50);
  const std::vector<double> y = normal_draws(14, 100000, 1.0);
  shifted.add(y.data(), y.size());
  const DistanceToTruth far = distance_to_truth(shifted, truth);
  CHECK(far.tv == Approx(2.0 * standard_normal_cdf(0.5) - 1.0).margin(0.02));
  CHECK(far.kl > 0.3);  // exact KL is ½; measured TV = 0.381, KL = 0.497
}

// ---------------------------------------------------------------- autocorrelation and ESS

TEST_CASE("FFT autocorrelation equals direct sums", "[diagnostics]") {
  for (std::size_t n : {5, 97, 1000, 1531}) {
    const std::vector<double> x = ar1_draws(20 + n, n, 0.7, 10);
    const std::vector<double> fast = autocorrelation(x, n);
    const std::vector<double> direct = autocorrelation_direct(x.data(), n, n);
    REQUIRE(fast.size() == n);  // max_lag clamped to n − 1
    REQUIRE(direct.size() == n);
    CHECK(fast[0] == Approx(1.0));
    for (std::size_t k = 0; k < n; ++k) CHECK(fast[k] == Approx(direct[k]).margin(1e-10));
  }
  CHECK(autocorrelation(std::vector<double>(50, 3.25), 5) == std::vector<double>(6, 0.0));
  CHECK(autocorrelation(nullptr, 0, 5).empty());
}

TEST_CASE("AR(1) autocorrelation is phi^k", "[diagnostics]") {
  const double phi = 0.9;
  const std::size_t n = 100000;
  const std::vector<double> x = ar1_draws(21, n, phi);
  const std::vector<double> acf = autocorrelation(x, 10);
  for (int k : {1, 5}) {
    // Bartlett's large-sample variance of ρ̂_k for AR(1); 4 sd plus the O(k/n) estimator bias.
    const double phi_2k = std::pow(phi, 2 * k);
    const double variance = ((1 + phi * phi) * (1 - phi_2k) / (1 - phi * phi) - 2 * k * phi_2k) / n;
    const double tolerance = 4.0 * std::sqrt(variance) + 20.0 / n;
    CHECK(acf[static_cast<std::size_t>(k)] == Approx(std::pow(phi, k)).margin(tolerance));
  }
}

TEST_CASE("ESS of AR(1) recovers tau = (1 + phi)/(1 - phi)", "[diagnostics]") {
  // Exact τ = 19. Measured (seed 22): τ̂ = 19.15, ESS = 10 444 of 200 000. Over seeds
  // 100–108, τ̂ ranged 18.25–20.04 at n = 2·10⁵ (18.0–19.2 at n = 10⁵: the truncated sum
  // biases τ̂ low by ~2%), so ±10% is a ≳ 3-sd margin.
  const double phi = 0.9;
  const std::size_t n = 200000;
  const EssResult result = effective_sample_size(ar1_draws(22, n, phi));
  CHECK(result.iat == Approx(19.0).epsilon(0.10));
  CHECK(result.ess * result.iat == Approx(static_cast<double>(n)));
}

TEST_CASE("ESS of iid normal draws is about N", "[diagnostics]") {
  // Measured (seed 23): ESS = 10 055 of 10 000 (τ̂ = 0.9945); seeds 101–109 gave 9 386–10 177.
  const std::size_t n = 10000;
  const EssResult result = effective_sample_size(normal_draws(23, n));
  CHECK(result.ess == Approx(static_cast<double>(n)).epsilon(0.10));
}

TEST_CASE("ESS of degenerate chains", "[diagnostics]") {
  const EssResult constant = effective_sample_size(std::vector<double>(1000, 0.1));
  CHECK(constant.ess == 0.0);
  CHECK(std::isinf(constant.iat));
  CHECK(effective_sample_size(std::vector<double>{1.0, 2.0, 3.0}).ess == 0.0);
  std::vector<double> broken = normal_draws(24, 100);
  broken[50] = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::isnan(effective_sample_size(broken).ess));
  // An antithetic chain (AR(1), φ = −0.8, τ = 1/9) has ESS > n; Stan caps it at n·log10 n,
  // here 3n, by flooring τ̂ at 1/3.
  const EssResult antithetic = effective_sample_size(ar1_draws(25, 1000, -0.8));
  CHECK(antithetic.ess == Approx(3000.0));
  CHECK(antithetic.iat == Approx(1.0 / 3.0));
}

// ---------------------------------------------------------------- energy

TEST_CASE("E-BFMI and energy drift", "[diagnostics]") {
  // For a stationary AR(1) energy series E-BFMI → 2(1 − φ): 2 for iid, 0.2 for φ = 0.9.
  CHECK(e_bfmi(normal_draws(30, 100000)) == Approx(2.0).margin(0.03));
  CHECK(e_bfmi(ar1_draws(31, 100000, 0.9)) == Approx(0.2).margin(0.01));
  CHECK(std::isnan(e_bfmi(std::vector<double>{1.0})));
  CHECK(std::isnan(e_bfmi(std::vector<double>(10, 4.0))));

  const EnergyDrift drift = energy_drift(std::vector<double>{1.0, 1.5, 0.2, 1.3});
  CHECK(drift.max_abs_drift == Approx(0.8));
  CHECK(drift.final_minus_initial == Approx(0.3));
  CHECK(drift.max_abs_step == Approx(1.3));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::isnan(energy_drift(std::vector<double>{1.0, nan, 1.0}).max_abs_drift));
  CHECK(std::isnan(energy_drift(std::vector<double>{}).final_minus_initial));
}

// ---------------------------------------------------------------- plotting arithmetic

bool is_nice_step(double step) {
  const double decade = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  const double mantissa = step / decade;
  return std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 ||
         std::abs(mantissa - 5) < 1e-9;
}

void check_ticks_inside(const Ticks& ticks, double lo, double hi) {
  REQUIRE(!ticks.values.empty());
  CHECK(is_nice_step(ticks.step));
  for (double v : ticks.values) {
    CHECK(v >= lo - 1e-9 * ticks.step);
    CHECK(v <= hi + 1e-9 * ticks.step);
  }
}

TEST_CASE("nice_ticks picks 1/2/5 steps inside the range", "[diagnostics]") {
  const Ticks unit = nice_ticks(0.0, 1.0, 5);
  CHECK(unit.step == Approx(0.2));
  REQUIRE(unit.values.size() == 6);
  for (std::size_t k = 0; k < 6; ++k) CHECK(unit.values[k] == Approx(0.2 * k).margin(1e-15));
  CHECK(unit.values[0] == 0.0);

  const Ticks mixed = nice_ticks(-3.7, 12.2, 6);
  check_ticks_inside(mixed, -3.7, 12.2);
  CHECK(mixed.step == Approx(2.0));
  CHECK(mixed.values.front() == Approx(-2.0));
  CHECK(mixed.values.back() == Approx(12.0));

  const Ticks tiny = nice_ticks(1e-9, 5e-9, 5);
  check_ticks_inside(tiny, 1e-9, 5e-9);
  CHECK(tiny.step == Approx(1e-9));
  CHECK(tiny.values.size() == 5);

  const Ticks huge = nice_ticks(0.0, 3e12, 4);
  check_ticks_inside(huge, 0.0, 3e12);
  CHECK(huge.step == Approx(1e12));
  CHECK(huge.values.size() == 4);

  const Ticks reversed = nice_ticks(1.0, 0.0, 5);
  CHECK(reversed.values == unit.values);

  const Ticks point = nice_ticks(2.5, 2.5, 5);
  CHECK(point.values == std::vector<double>{2.5});
  CHECK(point.step == 0.0);
  CHECK(nice_ticks(0.0, std::numeric_limits<double>::infinity(), 5).values.empty());
}

TEST_CASE("format_tick gives short labels", "[diagnostics]") {
  CHECK(format_tick(0.5, 0.1) == "0.5");
  CHECK(format_tick(1.0, 0.2) == "1");
  CHECK(format_tick(-1.5, 0.5) == "-1.5");
  CHECK(format_tick(120.0, 20.0) == "120");
  CHECK(format_tick(3 * 0.1 - 0.3, 0.1) == "0");  // rounding residue, no "-0"
  CHECK(format_tick(-0.0, 1.0) == "0");
  CHECK(format_tick(0.001, 0.0005) == "1e-3");
  CHECK(format_tick(2.5e-4, 5e-5) == "2.5e-4");
  CHECK(format_tick(1.2e6, 2e5) == "1.2e6");
  CHECK(format_tick(-3e12, 1e12) == "-3e12");
  CHECK(format_tick(0.005, 0.005) == "0.005");
  CHECK(format_tick(2.5, 0.0) == "2.5");
}

TEST_CASE("Range fitting pads and handles constant data", "[diagnostics]") {
  const std::vector<double> y = {1.0, 3.0, std::numeric_limits<double>::quiet_NaN(), 2.0};
  const Range fitted = fit_range(y.data(), y.size());
  CHECK(fitted.lo == Approx(0.9));
  CHECK(fitted.hi == Approx(3.1));
  const std::vector<double> flat(5, 4.0);
  const Range constant = fit_range(flat.data(), flat.size());
  CHECK(constant.lo == Approx(3.6));
  CHECK(constant.hi == Approx(4.4));
  const Range zero = pad_range({0.0, 0.0});
  CHECK(zero.lo == Approx(-0.5));
  CHECK(zero.hi == Approx(0.5));
  const Range empty = fit_range(nullptr, 0);
  CHECK(empty.lo == 0.0);
  CHECK(empty.hi == 1.0);
}

TEST_CASE("Min/max decimation keeps every column's extremes", "[diagnostics]") {
  const std::vector<double> y = normal_draws(40, 100003);
  const std::size_t columns = 640;
  const std::vector<MinMaxColumn> decimated = minmax_decimate(y.data(), y.size(), columns);
  REQUIRE(decimated.size() == columns);
  CHECK(decimated.front().first == 0);
  double global_min = decimated[0].min, global_max = decimated[0].max;
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t end = c + 1 < columns ? decimated[c + 1].first : y.size();
    REQUIRE(end > decimated[c].first);
    const auto [lo, hi] = std::minmax_element(y.begin() + static_cast<long>(decimated[c].first),
                                              y.begin() + static_cast<long>(end));
    CHECK(decimated[c].min == *lo);
    CHECK(decimated[c].max == *hi);
    global_min = std::min(global_min, decimated[c].min);
    global_max = std::max(global_max, decimated[c].max);
  }
  CHECK(global_min == *std::min_element(y.begin(), y.end()));
  CHECK(global_max == *std::max_element(y.begin(), y.end()));

  const std::vector<double> short_trace = {3.0, std::numeric_limits<double>::quiet_NaN(), 1.0};
  const std::vector<MinMaxColumn> few = minmax_decimate(short_trace.data(), 3, 10);
  REQUIRE(few.size() == 3);
  CHECK(std::isnan(few[1].min));
  CHECK(few[2].first == 2);
}

TEST_CASE("Contour levels are evenly spaced inside the range", "[diagnostics]") {
  const std::vector<double> levels = contour_levels(0.0, 1.0, 4);
  REQUIRE(levels.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) CHECK(levels[k] == Approx(0.2 * (k + 1)));
  CHECK(contour_levels(1.0, 1.0, 4).empty());
  CHECK(contour_levels(0.0, 1.0, 0).empty());
}

TEST_CASE("Mass contours of a 2-D Gaussian enclose the shares theory gives", "[diagnostics]") {
  // For N(0, I₂) the region {log π ≥ max − t} is a disc of radius √(2t) holding 1 − e^(−t) of the
  // mass, so the level holding share p lies −log(1 − p) below the maximum (an independent
  // closed form, not the grid's own sums).
  constexpr int kCells = 400;
  constexpr double kHalfWidth = 6.0;
  std::vector<double> log_density;
  for (int j = 0; j < kCells; ++j)
    for (int i = 0; i < kCells; ++i) {
      const double x = -kHalfWidth + 2.0 * kHalfWidth * (i + 0.5) / kCells;
      const double y = -kHalfWidth + 2.0 * kHalfWidth * (j + 0.5) / kCells;
      log_density.push_back(-0.5 * (x * x + y * y));
    }
  const std::vector<double> shares = {0.5, 0.9, 0.99};
  const std::vector<double> levels = mass_contour_levels(log_density, shares);
  REQUIRE(levels.size() == 3);
  // A cell's width (0.03) moves the level by at most about r·0.03 ≈ 0.1 at r = 3.
  for (std::size_t k = 0; k < 3; ++k)
    CHECK(levels[k] == Approx(std::log(1.0 - shares[k])).margin(0.02));
  // Non-finite cells hold no mass; a grid without mass gives no levels.
  log_density.assign(4, -std::numeric_limits<double>::infinity());
  CHECK(mass_contour_levels(log_density, shares).empty());
}

}  // namespace
}  // namespace sgl
