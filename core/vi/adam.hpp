// Adam (Kingma & Ba 2014) with the default moments β₁ = 0.9, β₂ = 0.999, ε = 1e−8 and bias
// correction, as the DAIS paper uses it. Minimises: pass the gradient of the loss.
#pragma once

#include <cmath>

#include "core/targets/target.hpp"

namespace sgl {

class Adam {
 public:
  void reset(int size) {
    m_ = Vec::Zero(size);
    v_ = Vec::Zero(size);
    t_ = 0;
  }
  void step(Vec& x, const Vec& grad, double learning_rate) {
    ++t_;
    m_ = kBeta1 * m_ + (1.0 - kBeta1) * grad;
    v_ = kBeta2 * v_ + (1.0 - kBeta2) * grad.cwiseAbs2();
    const double m_scale = 1.0 / (1.0 - std::pow(kBeta1, double(t_)));
    const double v_scale = 1.0 / (1.0 - std::pow(kBeta2, double(t_)));
    x.array() -=
        learning_rate * (m_.array() * m_scale) / ((v_.array() * v_scale).sqrt() + kEpsilon);
  }

 private:
  static constexpr double kBeta1 = 0.9;
  static constexpr double kBeta2 = 0.999;
  static constexpr double kEpsilon = 1e-8;
  Vec m_;
  Vec v_;
  long t_ = 0;
};

}  // namespace sgl
