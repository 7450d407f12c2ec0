// Parses a potential expression into a syntax tree. Grammar (lowest precedence first):
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/') unary)*
//   unary   := ('-' | '+') unary | power
//   power   := primary ('^' unary)?            right-associative: 2^3^2 = 2^9, -x^2 = -(x^2)
//   primary := number | 'x' | 'y' | 'pi' | function '(' sum (',' sum)* ')' | '(' sum ')'
// Functions: exp log sqrt sin cos tan tanh abs (one argument), pow min max logaddexp (two).
// Nesting is limited (kMaxExpressionDepth) so hostile input cannot exhaust the stack, and the
// text's length is limited (kMaxExpressionChars) before anything is read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sgl::expr {

enum class NodeKind { Number, VarX, VarY, Neg, Add, Sub, Mul, Div, Pow, Call };

enum class Function { Exp, Log, Sqrt, Sin, Cos, Tan, Tanh, Abs, Pow, Min, Max, LogAddExp };

struct Node {
  NodeKind kind = NodeKind::Number;
  Function function = Function::Exp;  // Call only
  double value = 0.0;                 // Number only
  int a = -1;                         // first operand (index into the node list)
  int b = -1;                         // second operand for binary operators and 2-argument calls
};

// Nodes are stored children first: every operand's index is smaller than its parent's, so a
// single forward pass over the list visits the tree bottom-up (no recursion needed later).
struct SyntaxTree {
  std::vector<Node> nodes;
  int root = -1;
  bool uses_x = false;
  bool uses_y = false;
  int dim() const { return uses_y ? 2 : 1; }
};

// Throws UserError: "potential, column N: expected ')'", "potential: empty expression",
// "potential, column 1: unknown variable 'z' (use x, or x and y)", ...
SyntaxTree parse_expression(std::string_view text);

// The function names of the grammar with their argument counts, for help texts.
struct FunctionInfo {
  const char* name;
  Function function;
  int arity;
};
const std::vector<FunctionInfo>& function_table();

}  // namespace sgl::expr
