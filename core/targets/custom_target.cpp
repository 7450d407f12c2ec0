#include "core/targets/custom_target.hpp"

#include <cmath>
#include <utility>

namespace sgl {
namespace {

constexpr int kCells1d = 20000;
constexpr int kCells2d = 600;

std::vector<std::string> names_for(int dim) {
  return dim == 1 ? std::vector<std::string>{"x"} : std::vector<std::string>{"x", "y"};
}

// The origin, like the built-in targets, when it lies in the window where the density is not
// negligible and U has a gradient there; otherwise the lowest point of the window scan (e.g.
// U = x − 2 log x, undefined at 0; a ring 4*(sqrt(x^2+y^2)-2)^2, whose gradient at the origin
// is 0/0: every chain started there stopped at its first step, blamed on the step size).
Vec start_point(const expr::Program& program, const PotentialWindow& window) {
  const int dim = program.dim();
  const double u_mode = program.value(window.mode[0], dim == 2 ? window.mode[1] : 0.0);
  double dx = 0.0, dy = 0.0;
  const double u_origin = program.value_and_gradient(0.0, 0.0, &dx, &dy);
  bool origin_inside = std::isfinite(u_origin) && std::isfinite(dx) && std::isfinite(dy) &&
                       u_origin - u_mode < 20.0;
  for (const Interval& axis : window.box) origin_inside &= axis.lo < 0.0 && 0.0 < axis.hi;
  Vec init = Vec::Zero(dim);
  if (!origin_inside)
    for (int c = 0; c < dim; ++c) init[c] = window.mode[std::size_t(c)];
  return init;
}

}  // namespace

CustomTarget::CustomTarget(const std::string& expression, const WindowBounds& bounds)
    : CustomTarget(expression, expr::Program::compile(expression), WindowBounds(bounds)) {}

CustomTarget::CustomTarget(std::string expression, expr::Program program, WindowBounds bounds)
    : CustomTarget(std::move(expression), program, find_potential_window(program, bounds), 0) {}

CustomTarget::CustomTarget(std::string expression, expr::Program program, PotentialWindow window,
                           int)
    : AnalyticTarget("custom", names_for(program.dim()), window.box, start_point(program, window)),
      expression_(std::move(expression)),
      program_(std::move(program)) {
  build_truth(program_.dim() == 1 ? kCells1d : kCells2d);
}

double CustomTarget::potential(const double* theta) const {
  return program_.value(theta[0], program_.dim() == 2 ? theta[1] : 0.0);
}

void CustomTarget::gradient(const double* theta, double* grad) const {
  double dy = 0.0;
  if (program_.dim() == 2) {
    program_.value_and_gradient(theta[0], theta[1], &grad[0], &grad[1]);
  } else {
    program_.value_and_gradient(theta[0], 0.0, &grad[0], &dy);
  }
}

}  // namespace sgl
