// Tokens of a potential expression such as `0.5*x^2 + 2*(y - 0.5*x^2)^2`. Every token carries
// its 1-based column so that parse errors can point at it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sgl::expr {

enum class TokenKind { Number, Name, Plus, Minus, Star, Slash, Caret, LParen, RParen, Comma, End };

struct Token {
  TokenKind kind = TokenKind::End;
  double number = 0.0;  // Number only
  std::string text;     // the token as typed (names, numbers, operators)
  int column = 1;       // 1-based position of the token's first character
};

// Splits `text` into tokens ending with an End token. Throws UserError ("potential, column 3:
// unexpected character '#'") on characters outside the grammar and on malformed numbers.
// The caller bounds the text's length (kMaxExpressionChars) first.
std::vector<Token> tokenize(std::string_view text);

// "potential, column N: <what>": the one format every expression error uses.
[[noreturn]] void throw_at(int column, const std::string& what);

}  // namespace sgl::expr
