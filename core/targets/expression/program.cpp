#include "core/targets/expression/program.hpp"

#include <cmath>

namespace sgl::expr {
namespace {

// One slot: the value and its two partial derivatives.
struct Dual {
  double v = 0.0;
  double dx = 0.0;
  double dy = 0.0;
};

// The per-thread evaluation buffer: grown to the largest program seen on this thread, then
// reused (chains of one run may evaluate the same target from several threads at once).
template <typename T>
T* scratch(std::size_t size) {
  thread_local std::vector<T> buffer;
  if (buffer.size() < size) buffer.resize(size);
  return buffer.data();
}

// σ(t) = 1/(1 + e^{−t}) without overflow for large |t|.
double sigmoid(double t) {
  if (t >= 0.0) return 1.0 / (1.0 + std::exp(-t));
  const double e = std::exp(t);
  return e / (1.0 + e);
}

double log_add_exp(double a, double b) {
  if (std::isinf(a) && a == b) return a;  // −inf + −inf (and +inf + +inf) have no difference
  const double high = std::max(a, b);
  return high + std::log1p(std::exp(-std::abs(a - b)));
}

double apply_value(const Instruction& in, const double* s) {
  const double a = s[in.a];
  const double b = s[in.b];
  switch (in.op) {
    case Op::Const:
      return in.c;
    case Op::X:
    case Op::Y:
      return 0.0;  // filled by the caller
    case Op::Add:
      return a + b;
    case Op::Sub:
      return a - b;
    case Op::Mul:
      return a * b;
    case Op::Div:
      return a / b;
    case Op::Neg:
      return -a;
    case Op::AddC:
      return a + in.c;
    case Op::MulC:
      return a * in.c;
    case Op::SubFromC:
      return in.c - a;
    case Op::DivIntoC:
      return in.c / a;
    case Op::Square:
      return a * a;
    case Op::PowC:
      return std::pow(a, in.c);
    case Op::Pow:
      return std::pow(a, b);
    case Op::Exp:
      return std::exp(a);
    case Op::Log:
      return std::log(a);
    case Op::Sqrt:
      return std::sqrt(a);
    case Op::Sin:
      return std::sin(a);
    case Op::Cos:
      return std::cos(a);
    case Op::Tan:
      return std::tan(a);
    case Op::Tanh:
      return std::tanh(a);
    case Op::Abs:
      return std::abs(a);
    case Op::Min:
      return a <= b ? a : b;
    case Op::Max:
      return a >= b ? a : b;
    case Op::LogAddExp:
      return log_add_exp(a, b);
  }
  return 0.0;
}

// out = k·A (both partials).
void scaled(Dual& out, double k, const Dual& a) {
  out.dx = k * a.dx;
  out.dy = k * a.dy;
}

void apply_dual(const Instruction& in, Dual* s, Dual& out) {
  const Dual& A = s[in.a];
  const Dual& B = s[in.b];
  switch (in.op) {
    case Op::Const:
      out = {in.c, 0.0, 0.0};
      return;
    case Op::X:
    case Op::Y:
      return;  // filled by the caller
    case Op::Add:
      out = {A.v + B.v, A.dx + B.dx, A.dy + B.dy};
      return;
    case Op::Sub:
      out = {A.v - B.v, A.dx - B.dx, A.dy - B.dy};
      return;
    case Op::Mul:
      out = {A.v * B.v, A.dx * B.v + A.v * B.dx, A.dy * B.v + A.v * B.dy};
      return;
    case Op::Div: {
      const double v = A.v / B.v;
      out = {v, (A.dx - v * B.dx) / B.v, (A.dy - v * B.dy) / B.v};
      return;
    }
    case Op::Neg:
      out = {-A.v, -A.dx, -A.dy};
      return;
    case Op::AddC:
      out = {A.v + in.c, A.dx, A.dy};
      return;
    case Op::MulC:
      out = {A.v * in.c, A.dx * in.c, A.dy * in.c};
      return;
    case Op::SubFromC:
      out = {in.c - A.v, -A.dx, -A.dy};
      return;
    case Op::DivIntoC: {
      const double v = in.c / A.v;
      out.v = v;
      scaled(out, -v / A.v, A);
      return;
    }
    case Op::Square:
      out.v = A.v * A.v;
      scaled(out, 2.0 * A.v, A);
      return;
    case Op::PowC:
      out.v = std::pow(A.v, in.c);
      scaled(out, in.c * std::pow(A.v, in.c - 1.0), A);
      return;
    case Op::Pow: {
      // d(aᵇ) = b aᵇ⁻¹ da + aᵇ log(a) db; the log term only where b actually varies, so that a
      // negative base with a constant-in-that-direction exponent stays finite.
      const double v = std::pow(A.v, B.v);
      const double k_a = B.v * std::pow(A.v, B.v - 1.0);
      const double k_b = v * std::log(A.v);
      out.v = v;
      out.dx = k_a * A.dx + (B.dx != 0.0 ? k_b * B.dx : 0.0);
      out.dy = k_a * A.dy + (B.dy != 0.0 ? k_b * B.dy : 0.0);
      return;
    }
    case Op::Exp:
      out.v = std::exp(A.v);
      scaled(out, out.v, A);
      return;
    case Op::Log:
      out.v = std::log(A.v);
      scaled(out, 1.0 / A.v, A);
      return;
    case Op::Sqrt:
      out.v = std::sqrt(A.v);
      scaled(out, 0.5 / out.v, A);
      return;
    case Op::Sin:
      out.v = std::sin(A.v);
      scaled(out, std::cos(A.v), A);
      return;
    case Op::Cos:
      out.v = std::cos(A.v);
      scaled(out, -std::sin(A.v), A);
      return;
    case Op::Tan:
      out.v = std::tan(A.v);
      scaled(out, 1.0 + out.v * out.v, A);
      return;
    case Op::Tanh:
      out.v = std::tanh(A.v);
      scaled(out, 1.0 - out.v * out.v, A);
      return;
    case Op::Abs:
      // The derivative at 0 is taken as 0 (a kink, like the donut's cone tip).
      out.v = std::abs(A.v);
      scaled(out, A.v > 0.0 ? 1.0 : (A.v < 0.0 ? -1.0 : 0.0), A);
      return;
    case Op::Min:
      out = A.v <= B.v ? A : B;
      return;
    case Op::Max:
      out = A.v >= B.v ? A : B;
      return;
    case Op::LogAddExp: {
      const double w = sigmoid(A.v - B.v);  // weight of a: eᵃ/(eᵃ + eᵇ)
      out = {log_add_exp(A.v, B.v), w * A.dx + (1.0 - w) * B.dx, w * A.dy + (1.0 - w) * B.dy};
      return;
    }
  }
}

// How many slots an instruction reads (0, 1 or 2).
int operand_count(Op op) {
  switch (op) {
    case Op::Const:
    case Op::X:
    case Op::Y:
      return 0;
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Pow:
    case Op::Min:
    case Op::Max:
    case Op::LogAddExp:
      return 2;
    default:
      return 1;
  }
}

// Compiles the syntax tree bottom-up (its nodes are stored children first), folding constants
// and turning operations with one constant operand into their one-operand forms.
class Compiler {
 public:
  std::vector<Instruction> run(const SyntaxTree& tree) {
    slot_of_.resize(tree.nodes.size());
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) slot_of_[i] = compile(tree.nodes[i]);
    return std::move(code_);
  }

 private:
  std::vector<Instruction> code_;
  std::vector<int> slot_of_;

  int emit(Op op, int a = 0, int b = 0, double c = 0.0) {
    code_.push_back({op, a, b, c});
    return static_cast<int>(code_.size()) - 1;
  }
  bool is_const(int slot) const { return code_[std::size_t(slot)].op == Op::Const; }
  double const_value(int slot) const { return code_[std::size_t(slot)].c; }

  // Emits `op`, or a constant when every operand is one.
  int emit_folded(Op op, int a, int b, double c = 0.0) {
    const bool binary = operand_count(op) == 2;
    if (is_const(a) && (!binary || is_const(b))) {
      const double slots[2] = {const_value(a), binary ? const_value(b) : 0.0};
      const double folded = apply_value({op, 0, 1, c}, slots);
      return emit(Op::Const, 0, 0, folded);
    }
    return emit(op, a, b, c);
  }

  int arithmetic(NodeKind kind, int a, int b) {
    if (!is_const(a) && is_const(b)) {
      const double k = const_value(b);
      switch (kind) {
        case NodeKind::Add:
          return emit(Op::AddC, a, 0, k);
        case NodeKind::Sub:
          return emit(Op::AddC, a, 0, -k);
        case NodeKind::Mul:
          return emit(Op::MulC, a, 0, k);
        case NodeKind::Div:
          return emit(Op::MulC, a, 0, 1.0 / k);
        case NodeKind::Pow:
          return k == 2.0 ? emit(Op::Square, a) : emit(Op::PowC, a, 0, k);
        default:
          break;
      }
    }
    if (is_const(a) && !is_const(b)) {
      const double k = const_value(a);
      switch (kind) {
        case NodeKind::Add:
          return emit(Op::AddC, b, 0, k);
        case NodeKind::Sub:
          return emit(Op::SubFromC, b, 0, k);
        case NodeKind::Mul:
          return emit(Op::MulC, b, 0, k);
        case NodeKind::Div:
          return emit(Op::DivIntoC, b, 0, k);
        default:
          break;
      }
    }
    switch (kind) {
      case NodeKind::Add:
        return emit_folded(Op::Add, a, b);
      case NodeKind::Sub:
        return emit_folded(Op::Sub, a, b);
      case NodeKind::Mul:
        return emit_folded(Op::Mul, a, b);
      case NodeKind::Div:
        return emit_folded(Op::Div, a, b);
      default:
        return emit_folded(Op::Pow, a, b);
    }
  }

  static Op call_op(Function f) {
    switch (f) {
      case Function::Exp:
        return Op::Exp;
      case Function::Log:
        return Op::Log;
      case Function::Sqrt:
        return Op::Sqrt;
      case Function::Sin:
        return Op::Sin;
      case Function::Cos:
        return Op::Cos;
      case Function::Tan:
        return Op::Tan;
      case Function::Tanh:
        return Op::Tanh;
      case Function::Abs:
        return Op::Abs;
      case Function::Pow:
        return Op::Pow;
      case Function::Min:
        return Op::Min;
      case Function::Max:
        return Op::Max;
      case Function::LogAddExp:
        return Op::LogAddExp;
    }
    return Op::Exp;
  }

  int compile(const Node& node) {
    const int a = node.a >= 0 ? slot_of_[std::size_t(node.a)] : 0;
    const int b = node.b >= 0 ? slot_of_[std::size_t(node.b)] : 0;
    switch (node.kind) {
      case NodeKind::Number:
        return emit(Op::Const, 0, 0, node.value);
      case NodeKind::VarX:
        return emit(Op::X);
      case NodeKind::VarY:
        return emit(Op::Y);
      case NodeKind::Neg:
        return emit_folded(Op::Neg, a, 0);
      case NodeKind::Call:
        return emit_folded(call_op(node.function), a, node.b >= 0 ? b : a);
      default:
        return arithmetic(node.kind, a, b);
    }
  }
};

}  // namespace

Program Program::compile(std::string_view text) {
  return compile(parse_expression(text));
}

Program Program::compile(const SyntaxTree& tree) {
  Program program;
  program.dim_ = tree.dim();
  std::vector<Instruction> all = Compiler().run(tree);
  // Keep only what the root needs: constants folded away and unused branches cost nothing.
  // Operands precede their users, so one backward pass marks the live set.
  const int root = static_cast<int>(all.size()) - 1;
  std::vector<int> live(all.size(), 0);
  live[std::size_t(root)] = 1;
  for (int k = root; k >= 0; --k) {
    if (!live[std::size_t(k)]) continue;
    const Instruction& in = all[std::size_t(k)];
    const int operands = operand_count(in.op);
    if (operands >= 1) live[std::size_t(in.a)] = 1;
    if (operands == 2) live[std::size_t(in.b)] = 1;
  }
  std::vector<int> renamed(all.size(), 0);
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (!live[k]) continue;
    Instruction in = all[k];
    // Operands a program does not read point at slot 0, which always exists.
    const int operands = operand_count(in.op);
    in.a = operands >= 1 ? renamed[std::size_t(in.a)] : 0;
    in.b = operands == 2 ? renamed[std::size_t(in.b)] : in.a;
    renamed[k] = static_cast<int>(program.code_.size());
    program.code_.push_back(in);
  }
  return program;
}

double Program::value(double x, double y) const {
  double* s = scratch<double>(code_.size());
  const std::size_t n = code_.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Instruction& in = code_[k];
    s[k] = in.op == Op::X ? x : in.op == Op::Y ? y : apply_value(in, s);
  }
  return s[n - 1];
}

double Program::value_and_gradient(double x, double y, double* dx, double* dy) const {
  Dual* s = scratch<Dual>(code_.size());
  const std::size_t n = code_.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Instruction& in = code_[k];
    if (in.op == Op::X) {
      s[k] = {x, 1.0, 0.0};
    } else if (in.op == Op::Y) {
      s[k] = {y, 0.0, 1.0};
    } else {
      apply_dual(in, s, s[k]);
    }
  }
  *dx = s[n - 1].dx;
  *dy = s[n - 1].dy;
  return s[n - 1].v;
}

}  // namespace sgl::expr
