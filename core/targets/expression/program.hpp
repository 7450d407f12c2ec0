// A potential expression compiled into a flat instruction list with exact forward-mode
// derivatives. With at most two variables, forward mode (value, ∂/∂x, ∂/∂y per slot) gives the
// exact gradient in one pass, as cheaply as reverse mode would and without a tape. Instruction k
// writes slot k, and operands always name earlier slots, so evaluation is one loop over the list
// into a per-thread buffer that is sized once: evaluating allocates nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/targets/expression/parser.hpp"

namespace sgl::expr {

enum class Op : std::uint8_t {
  Const,     // c
  X,         // x
  Y,         // y
  Add,       // a + b
  Sub,       // a - b
  Mul,       // a * b
  Div,       // a / b
  Neg,       // -a
  AddC,      // a + c
  MulC,      // a * c
  SubFromC,  // c - a
  DivIntoC,  // c / a
  Square,    // a²
  PowC,      // a^c
  Pow,       // a^b
  Exp,
  Log,
  Sqrt,
  Sin,
  Cos,
  Tan,
  Tanh,
  Abs,
  Min,
  Max,
  LogAddExp,  // log(eᵃ + eᵇ), computed without overflow
};

struct Instruction {
  Op op = Op::Const;
  int a = 0;
  int b = 0;
  double c = 0.0;
};

class Program {
 public:
  // Parses and compiles; throws UserError with the parser's one-line message.
  static Program compile(std::string_view text);
  static Program compile(const SyntaxTree& tree);

  int dim() const { return dim_; }
  std::size_t size() const { return code_.size(); }
  const std::vector<Instruction>& code() const { return code_; }

  // U at (x, y); y is ignored by 1-D programs. NaN or ±inf are returned as computed.
  double value(double x, double y) const;
  // U and its exact gradient (∂U/∂x, ∂U/∂y) at (x, y).
  double value_and_gradient(double x, double y, double* dx, double* dy) const;

 private:
  std::vector<Instruction> code_;
  int dim_ = 1;
};

}  // namespace sgl::expr
