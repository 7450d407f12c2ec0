// The potential-expression language (core/targets/expression/): values, exact forward-mode
// gradients against central differences for every function of the grammar, dimension from the
// variables used, and the one-line parse errors with their columns.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <random>
#include <string>

#include "core/io/input_limits.hpp"
#include "core/targets/expression/program.hpp"
#include "core/util/error.hpp"

using namespace sgl;
using sgl::expr::Program;

namespace {

std::string parse_error(const std::string& text) {
  try {
    (void)Program::compile(text);
  } catch (const UserError& error) {
    return error.what();
  }
  return "(accepted)";
}

double at(const std::string& text, double x, double y = 0.0) {
  return Program::compile(text).value(x, y);
}

}  // namespace

TEST_CASE("expressions evaluate with the usual precedence", "[expression]") {
  CHECK(at("1 + 2*3", 0) == 7.0);
  CHECK(at("2^3^2", 0) == 512.0);  // right-associative
  CHECK(at("-x^2", 3) == -9.0);    // unary minus binds looser than ^
  CHECK(at("2^-1", 0) == 0.5);
  CHECK(at("(1 + 2)*3", 0) == 9.0);
  CHECK(at("8/4/2", 0) == 1.0);  // left-associative
  CHECK(at("x - 1 - 1", 5) == 3.0);
  CHECK(at("x**2", 3) == 9.0);
  CHECK(at("pi", 0) == Approx(std::numbers::pi));
  CHECK(at("1e-3*x + .5", 1000) == Approx(1.5));
  CHECK(at("pow(x, 3)", 2) == 8.0);
  CHECK(at("min(x, y) + max(x, y)", 1, 4) == 5.0);
  CHECK(at("logaddexp(x, y)", 1000, 1000) == Approx(1000 + std::log(2.0)));
  CHECK(at("logaddexp(x, y)", -1000, 0) == Approx(0.0).margin(1e-12));
  CHECK(at("0.5*x^2 + 2*(y - 0.5*x^2)^2", 2, 3) == Approx(2 + 2 * 1));
}

TEST_CASE("the dimension follows from the variables used", "[expression]") {
  CHECK(Program::compile("0.5*x^2").dim() == 1);
  CHECK(Program::compile("x^2 + y^2").dim() == 2);
  CHECK(Program::compile("y^2").dim() == 2);
  CHECK(Program::compile("3").dim() == 1);
}

TEST_CASE("constant parts are folded and unused instructions dropped", "[expression]") {
  // 0.5*x^2 + 0.5*y^2: x, x², ·½, y, y², ·½, + — seven instructions, no separate constants.
  CHECK(Program::compile("0.5*x^2 + 0.5*y^2").size() == 7);
  CHECK(Program::compile("x * (2*pi/pi - 1)").size() == 2);
  CHECK(Program::compile("exp(log(2))").size() == 1);
}

TEST_CASE("gradients are exact: every function against central differences", "[expression]") {
  // Each expression exercises one operation in both variables, on a domain where it is smooth.
  const char* expressions[] = {
      "x + y",
      "x - 2*y",
      "x*y",
      "x/(2 + y^2)",
      "3/(2 + x^2 + y^2)",
      "-(x*y)",
      "1 - x*y",
      "(x + y)^2",
      "(2 + x^2 + y^2)^1.5",
      "(2 + x^2)^(0.5 + 0.1*y^2)",
      "pow(2 + y^2, x)",
      "exp(0.3*x - 0.2*y)",
      "log(2 + x^2 + y)",
      "sqrt(1 + x^2 + y^2)",
      "sin(x*y)",
      "cos(x + 2*y)",
      "tan(0.3*x + 0.1*y)",
      "tanh(x - y)",
      "abs(x - 2*y + 0.1)",
      "min(x^2, y + 1)",
      "max(x^2, y + 1)",
      "logaddexp(-0.5*x^2, -0.5*(y - 2)^2)",
      "logaddexp(50*x, 50*y)",
      "0.5*x^2 + 2*(y - 0.5*x^2)^2",
  };
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> uniform(-1.5, 1.5);
  for (const char* text : expressions) {
    const Program program = Program::compile(text);
    for (int trial = 0; trial < 25; ++trial) {
      const double x = uniform(rng), y = uniform(rng);
      double gx = 0.0, gy = 0.0;
      const double u = program.value_and_gradient(x, y, &gx, &gy);
      INFO(text << " at (" << x << ", " << y << ")");
      REQUIRE(u == Approx(program.value(x, y)).epsilon(1e-14));
      const double h = 1e-6;
      const double fd_x = (program.value(x + h, y) - program.value(x - h, y)) / (2 * h);
      const double fd_y = (program.value(x, y + h) - program.value(x, y - h)) / (2 * h);
      // Kinks (abs, min, max) lie on measure-zero sets; skip a point within h of one.
      if (std::abs(fd_x - gx) > 1e-4 * (1 + std::abs(gx)) &&
          (std::string(text).find("abs") != std::string::npos || std::string(text).find("m") == 0))
        continue;
      CHECK(gx == Approx(fd_x).epsilon(1e-6).margin(1e-6));
      CHECK(gy == Approx(fd_y).epsilon(1e-6).margin(1e-6));
    }
  }
}

TEST_CASE("a 1-D program's gradient has no y part", "[expression]") {
  double gx = 0.0, gy = 1.0;
  Program::compile("x^4 - 2*x^2").value_and_gradient(1.5, 0.0, &gx, &gy);
  CHECK(gx == Approx(4 * 1.5 * 1.5 * 1.5 - 4 * 1.5));
  CHECK(gy == 0.0);
}

TEST_CASE("undefined points give NaN or inf, never an exception", "[expression]") {
  CHECK(std::isnan(at("log(x)", -1)));
  CHECK(std::isnan(at("sqrt(x)", -1)));
  CHECK(std::isinf(at("1/x", 0)));
  double gx = 0.0, gy = 0.0;
  const double u = Program::compile("log(x)").value_and_gradient(-1.0, 0.0, &gx, &gy);
  CHECK(std::isnan(u));
  // A negative base with a constant exponent keeps a finite derivative.
  Program::compile("(x - 3)^3").value_and_gradient(1.0, 0.0, &gx, &gy);
  CHECK(gx == Approx(12.0));
  Program::compile("pow(x - 3, 2 + 0*y)").value_and_gradient(1.0, 2.0, &gx, &gy);
  CHECK(gx == Approx(-4.0));
}

TEST_CASE("parse errors name the column and what was expected", "[expression]") {
  CHECK(parse_error("(x y") == "potential, column 4: expected ')', got 'y'");
  CHECK(parse_error("(x + 1") == "potential, column 7: expected ')', got the end");
  CHECK(parse_error("x +") ==
        "potential, column 4: expected a number, x, y, a function or '(' "
        "at the end");
  CHECK(parse_error("x + * 2") ==
        "potential, column 5: expected a number, x, y, a function or '(', got '*'");
  CHECK(parse_error("x)") == "potential, column 2: unmatched ')'");
  CHECK(parse_error("2 x") == "potential, column 3: expected an operator (+ - * / ^), got 'x'");
  CHECK(parse_error("") == "potential: empty expression");
  CHECK(parse_error("   ") == "potential: empty expression");
  CHECK(parse_error("x # 2") == "potential, column 3: unexpected character '#'");
  CHECK(parse_error("x + \x01") ==
        "potential, column 5: unexpected byte (use ASCII: x, y, numbers, + - * / ^)");
  CHECK(parse_error("1e999*x") == "potential, column 1: number '1e999' is out of range");
  CHECK(parse_error("foo(x)").starts_with("potential, column 1: unknown function 'foo' (known:"));
  CHECK(parse_error("x^2 + z^2") ==
        "potential, column 7: unknown variable 'z' (a potential uses x, or x and y; constant: pi)");
  CHECK(parse_error("x + y + w").starts_with("potential, column 9: unknown variable 'w'"));
  CHECK(parse_error("exp x") == "potential, column 5: expected '(' after exp");
  CHECK(parse_error("exp(x, y)") == "potential, column 6: exp takes 1 argument");
  CHECK(parse_error("min(x)") ==
        "potential, column 6: min takes 2 arguments: expected ',', got "
        "')'");
  CHECK(parse_error("max(x, y, 1)") == "potential, column 9: max takes 2 arguments");
}

TEST_CASE("hostile expressions are refused in bounded time and depth", "[expression]") {
  // Built by appending: GCC 12 misreports "literal" + std::string(n, c) under -Wrestrict.
  const auto text_of = [](std::initializer_list<std::pair<char, std::size_t>> runs) {
    std::string text;
    for (const auto& [c, count] : runs) text.append(count, c);
    return text;
  };
  // Expected texts built by appending too: GCC 12 misreports "literal" + std::to_string(n) under
  // -Warray-bounds where the header is precompiled (SGL_PCH).
  CHECK(parse_error(text_of({{'x', 1}, {'+', 9998}, {'x', 1}})) ==
        std::string("potential: the expression has 10000 characters, more than the limit of ")
            .append(std::to_string(kMaxExpressionChars)));
  // 10 000 parentheses are over the length limit; within it, the depth limit answers.
  CHECK(parse_error(text_of({{'(', 10000}, {'x', 1}, {')', 10000}}))
            .starts_with("potential: the expression has 20001 characters"));
  CHECK(parse_error(text_of({{'(', 500}, {'x', 1}, {')', 500}})) ==
        std::string("potential, column ")
            .append(std::to_string(kMaxExpressionDepth + 1))
            .append(": nested more than ")
            .append(std::to_string(kMaxExpressionDepth))
            .append(" levels deep"));
  CHECK(parse_error(text_of({{'-', 900}, {'x', 1}})).find("nested more than") != std::string::npos);
  CHECK(parse_error(text_of({{'2', 1}, {'^', 900}})).find("potential, column") == 0);
  std::string powers = "x";
  for (int i = 0; i < 400; ++i) powers += "^x";
  CHECK(parse_error(powers).find("nested more than") != std::string::npos);
  // Within both limits a long flat sum is fine.
  std::string sum = "x";
  for (int i = 0; i < 400; ++i) sum += "+x";
  CHECK(Program::compile(sum).value(1.0, 0.0) == 401.0);
  CHECK(Program::compile(text_of({{'(', 90}, {'x', 1}, {')', 90}})).value(2, 0) == 2);
}
