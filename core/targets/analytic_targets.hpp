// Analytic targets: closed-form U and ∇U, no data. Each builds its TruthGrid once, in its
// constructor, over its view box. Used for Chen et al. 2014 Figs. 1–3 and the 2-D teaching
// targets (banana, mixture, donut, funnel).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/targets/target.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {

// Shared plumbing: id, names, view box, start point and the truth grid.
class AnalyticTarget : public Target {
 public:
  std::string id() const override { return id_; }
  int dim() const override { return static_cast<int>(names_.size()); }
  std::vector<std::string> coordinate_names() const override { return names_; }
  const TruthGrid* truth() const override { return truth_.get(); }
  Vec default_init() const override { return init_; }
  std::vector<Interval> view_box() const override { return box_; }

 protected:
  AnalyticTarget(std::string id, std::vector<std::string> names, std::vector<Interval> box,
                 Vec init);
  // Call at the end of the most-derived constructor, when potential() is fully usable.
  void build_truth(int cells_per_axis, TruthGrid::CellMassFn mass_fn = {});

 private:
  std::string id_;
  std::vector<std::string> names_;
  std::vector<Interval> box_;
  Vec init_;
  std::unique_ptr<TruthGrid> truth_;
};

// U = −2θ² + θ⁴ (Chen et al. 2014, Fig. 1). Starts at θ = 0, the barrier top, so that neither
// mode is favoured.
class DoubleWellTarget final : public AnalyticTarget {
 public:
  DoubleWellTarget();
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;
};

// U = ½θ² (Chen et al. 2014, Fig. 2). Starts at θ = 0.
class HarmonicTarget final : public AnalyticTarget {
 public:
  HarmonicTarget();
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;
  std::optional<ReferencePosterior> reference_posterior() const override;  // N(0, 1)
};

// Zero-mean bivariate Gaussian with unit variances and correlation ρ: U = ½θᵀΣ⁻¹θ
// (Chen et al. 2014, Fig. 3).
class CorrelatedGaussianTarget final : public AnalyticTarget {
 public:
  explicit CorrelatedGaussianTarget(double rho);
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;
  std::optional<ReferencePosterior> reference_posterior() const override;  // N(0, Σ)
  double rho() const { return rho_; }

 private:
  double rho_;
};

// Twisted Gaussian (Haario et al. 1999 style): θ₁ ~ N(0, a²) with a = 1.5 and
// θ₂ | θ₁ ~ N(b(θ₁² − a²), 1), so that E θ₂ = 0 and b bends the ridge.
class BananaTarget final : public AnalyticTarget {
 public:
  static constexpr double kScale = 1.5;  // a
  explicit BananaTarget(double curvature);
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

 private:
  double b_;
};

// Equal-weight mixture of N((±separation/2, 0), sd² I): two modes with a barrier between them.
class GaussianMixtureTarget final : public AnalyticTarget {
 public:
  GaussianMixtureTarget(double separation, double sd);
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

 private:
  double half_separation_;
  double sd_;
};

// Ring: U = (‖θ‖ − radius)² / (2 width²). ∇U is taken as 0 at the origin (a cone tip).
class DonutTarget final : public AnalyticTarget {
 public:
  DonutTarget(double radius, double width);
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

 private:
  double radius_;
  double width_;
};

// Neal's funnel in 2-D, coordinates (v, x): v ~ N(0, 3²), x | v ~ N(0, e^v);
// U = v²/18 + x²/(2e^v) + v/2. Its x-marginal is heavy-tailed, so any finite view box loses
// some mass (≈0.5% for the box used here); the truth grid is normalised over the box.
class FunnelTarget final : public AnalyticTarget {
 public:
  FunnelTarget();
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

  // Exact probability of the cell [v0,v1) × [x0,x1): erf in x, Gauss–Legendre in v.
  static double cell_mass(const Interval& v, const Interval& x);
};

}  // namespace sgl
