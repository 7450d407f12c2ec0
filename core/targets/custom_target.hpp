// A target typed by the user: U(x) or U(x, y) written as an expression (`--potential`, the
// scenario field "potential", the window's text box), compiled once into a Program with exact
// forward-mode gradients.
//
// Its truth grid needs a window that holds the mass. Unless the user fixes the bounds
// (xmin/xmax/ymin/ymax), the window is found from the potential: a coarse grid scan that widens
// every side whose edge still carries density, up to ±kMaxPotentialWindow, then narrows to the
// central mass and scans again at a finer spacing. A density that still has mass at
// ±kMaxPotentialWindow, or a U that reaches −∞, is not normalisable there and is refused with a
// one-line message.
#pragma once

#include <string>

#include "core/targets/analytic_targets.hpp"
#include "core/targets/expression/program.hpp"
#include "core/targets/potential_window.hpp"

namespace sgl {

class CustomTarget final : public AnalyticTarget {
 public:
  // Throws UserError for a malformed expression, inconsistent bounds, or a potential whose
  // density is not normalisable on a reasonable window.
  CustomTarget(const std::string& expression, const WindowBounds& bounds);

  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

  const std::string& expression() const { return expression_; }
  const expr::Program& program() const { return program_; }

 private:
  // Steps of the public constructor: compile, find the window, build the truth grid.
  CustomTarget(std::string expression, expr::Program program, WindowBounds bounds);
  CustomTarget(std::string expression, expr::Program program, PotentialWindow window, int);

  std::string expression_;
  expr::Program program_;
};

}  // namespace sgl
