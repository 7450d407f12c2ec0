// Streaming moments: Welford's update for one draw at a time and Chan et al.'s pairwise merge,
// so chains (or worker batches) can be summarised separately and combined without keeping draws.
// Welford rather than Σx, Σx²: the naive sums lose all precision when |mean| ≫ sd.
#pragma once

#include <cstddef>
#include <cstdint>

#include <Eigen/Dense>

namespace sgl {

// Count, mean, unbiased variance, min and max of a scalar stream.
class RunningMoments {
 public:
  void add(double x);
  void add(const double* x, std::size_t n);
  // Combines two summaries as if all draws had gone into one (Chan, Golub & LeVeque 1979).
  void merge(const RunningMoments& other);
  void clear() { *this = RunningMoments(); }

  std::uint64_t count() const { return count_; }
  double mean() const;      // NaN when empty
  double variance() const;  // divides by n − 1; NaN when count < 2
  double sd() const;
  double min() const;  // NaN when empty
  double max() const;

 private:
  std::uint64_t count_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;  // Σ (x − mean)²
  double min_ = 0.0;
  double max_ = 0.0;
};

// The same for d-dimensional draws, plus the co-moment matrix for covariances and correlations
// (memory O(d²), so meant for the few coordinates that are plotted, not for 10⁴-dim models).
class RunningCovariance {
 public:
  explicit RunningCovariance(int dim = 0);

  void add(const double* x);  // x has dim() entries
  void add(const Eigen::Ref<const Eigen::VectorXd>& x);
  // Throws std::invalid_argument when the dimensions differ (unless one side is empty).
  void merge(const RunningCovariance& other);
  void clear();

  int dim() const { return static_cast<int>(mean_.size()); }
  std::uint64_t count() const { return count_; }
  const Eigen::VectorXd& mean() const { return mean_; }
  double variance(int coord) const;  // n − 1 denominator; NaN when count < 2
  double sd(int coord) const;
  Eigen::MatrixXd covariance() const;  // n − 1 denominator; NaN-filled when count < 2
  // Pearson correlation; NaN when either coordinate has zero variance or count < 2.
  double correlation(int i, int j) const;
  const Eigen::VectorXd& min() const { return min_; }  // meaningless when count() == 0
  const Eigen::VectorXd& max() const { return max_; }

 private:
  std::uint64_t count_ = 0;
  Eigen::VectorXd mean_;
  Eigen::MatrixXd comoment_;  // Σ (x − mean)(x − mean)ᵀ
  Eigen::VectorXd min_;
  Eigen::VectorXd max_;
};

}  // namespace sgl
