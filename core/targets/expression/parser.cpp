#include "core/targets/expression/parser.hpp"

#include <numbers>

#include "core/io/input_limits.hpp"
#include "core/targets/expression/lexer.hpp"
#include "core/util/error.hpp"

namespace sgl::expr {

const std::vector<FunctionInfo>& function_table() {
  static const std::vector<FunctionInfo> table = {
      {"exp", Function::Exp, 1},   {"log", Function::Log, 1},
      {"sqrt", Function::Sqrt, 1}, {"sin", Function::Sin, 1},
      {"cos", Function::Cos, 1},   {"tan", Function::Tan, 1},
      {"tanh", Function::Tanh, 1}, {"abs", Function::Abs, 1},
      {"pow", Function::Pow, 2},   {"min", Function::Min, 2},
      {"max", Function::Max, 2},   {"logaddexp", Function::LogAddExp, 2}};
  return table;
}

namespace {

const FunctionInfo* find_function(const std::string& name) {
  for (const FunctionInfo& info : function_table())
    if (name == info.name) return &info;
  return nullptr;
}

std::string describe(const Token& token) {
  if (token.kind == TokenKind::End) return "the end";
  return "'" + token.text + "'";
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  SyntaxTree run() {
    tree_.root = sum();
    if (peek().kind != TokenKind::End) {
      const Token& extra = peek();
      throw_at(extra.column, extra.kind == TokenKind::RParen
                                 ? "unmatched ')'"
                                 : "expected an operator (+ - * / ^), got " + describe(extra));
    }
    return std::move(tree_);
  }

 private:
  std::vector<Token> tokens_;
  std::size_t position_ = 0;
  int depth_ = 0;
  SyntaxTree tree_;

  // Counts one level of nesting for the duration of a recursive call.
  struct DepthGuard {
    Parser& parser;
    explicit DepthGuard(Parser& p, int column) : parser(p) {
      if (++parser.depth_ > kMaxExpressionDepth)
        throw_at(column,
                 "nested more than " + std::to_string(kMaxExpressionDepth) + " levels deep");
    }
    ~DepthGuard() { --parser.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
  };

  const Token& peek() const { return tokens_[position_]; }
  const Token& advance() { return tokens_[position_++]; }

  int add(Node node) {
    tree_.nodes.push_back(node);
    return static_cast<int>(tree_.nodes.size()) - 1;
  }
  int binary(NodeKind kind, int a, int b) {
    Node node;
    node.kind = kind;
    node.a = a;
    node.b = b;
    return add(node);
  }

  void expect(TokenKind kind, const char* what) {
    if (peek().kind != kind)
      throw_at(peek().column, std::string("expected ") + what + ", got " + describe(peek()));
    advance();
  }

  int sum() {
    DepthGuard guard(*this, peek().column);
    int left = product();
    while (peek().kind == TokenKind::Plus || peek().kind == TokenKind::Minus) {
      const NodeKind kind = advance().kind == TokenKind::Plus ? NodeKind::Add : NodeKind::Sub;
      left = binary(kind, left, product());
    }
    return left;
  }

  int product() {
    int left = unary();
    while (peek().kind == TokenKind::Star || peek().kind == TokenKind::Slash) {
      const NodeKind kind = advance().kind == TokenKind::Star ? NodeKind::Mul : NodeKind::Div;
      left = binary(kind, left, unary());
    }
    return left;
  }

  int unary() {
    if (peek().kind == TokenKind::Minus || peek().kind == TokenKind::Plus) {
      DepthGuard guard(*this, peek().column);
      const bool negate = advance().kind == TokenKind::Minus;
      const int operand = unary();
      if (!negate) return operand;
      Node node;
      node.kind = NodeKind::Neg;
      node.a = operand;
      return add(node);
    }
    return power();
  }

  int power() {
    const int base = primary();
    if (peek().kind != TokenKind::Caret) return base;
    DepthGuard guard(*this, peek().column);
    advance();
    return binary(NodeKind::Pow, base, unary());
  }

  int primary() {
    const Token& token = peek();
    switch (token.kind) {
      case TokenKind::Number: {
        advance();
        Node node;
        node.value = token.number;
        return add(node);
      }
      case TokenKind::LParen: {
        advance();
        const int inner = sum();
        expect(TokenKind::RParen, "')'");
        return inner;
      }
      case TokenKind::Name:
        return name();
      case TokenKind::End:
        if (position_ == 0) throw UserError("potential: empty expression");
        throw_at(token.column, "expected a number, x, y, a function or '(' at the end");
      default:
        throw_at(token.column,
                 "expected a number, x, y, a function or '(', got " + describe(token));
    }
  }

  int name() {
    const Token token = advance();
    const bool call = peek().kind == TokenKind::LParen;
    if (const FunctionInfo* info = find_function(token.text)) {
      if (!call) throw_at(peek().column, "expected '(' after " + token.text);
      return call_arguments(*info, token);
    }
    if (call)
      throw_at(token.column, "unknown function '" + token.text +
                                 "' (known: exp log sqrt sin cos tan tanh abs pow min max "
                                 "logaddexp)");
    Node node;
    if (token.text == "x") {
      node.kind = NodeKind::VarX;
      tree_.uses_x = true;
    } else if (token.text == "y") {
      node.kind = NodeKind::VarY;
      tree_.uses_y = true;
    } else if (token.text == "pi") {
      node.value = std::numbers::pi;
    } else {
      throw_at(token.column, "unknown variable '" + token.text +
                                 "' (a potential uses x, or x and y; constant: pi)");
    }
    return add(node);
  }

  int call_arguments(const FunctionInfo& info, const Token& name_token) {
    DepthGuard guard(*this, name_token.column);
    advance();  // '('
    Node node;
    node.kind = NodeKind::Call;
    node.function = info.function;
    node.a = sum();
    if (info.arity == 2) {
      if (peek().kind != TokenKind::Comma)
        throw_at(peek().column, std::string(info.name) + " takes 2 arguments: expected ',', got " +
                                    describe(peek()));
      advance();
      node.b = sum();
    }
    if (peek().kind == TokenKind::Comma)
      throw_at(peek().column, std::string(info.name) + " takes " + std::to_string(info.arity) +
                                  (info.arity == 1 ? " argument" : " arguments"));
    expect(TokenKind::RParen, "')'");
    if (node.function == Function::Pow) {
      node.kind = NodeKind::Pow;
      node.function = Function::Exp;
    }
    return add(node);
  }
};

}  // namespace

SyntaxTree parse_expression(std::string_view text) {
  if (text.size() > kMaxExpressionChars)
    throw UserError("potential: the expression has " + std::to_string(text.size()) +
                    " characters, more than the limit of " + std::to_string(kMaxExpressionChars));
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    throw UserError("potential: empty expression");
  return Parser(tokenize(text)).run();
}

}  // namespace sgl::expr
