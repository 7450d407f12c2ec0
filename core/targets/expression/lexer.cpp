#include "core/targets/expression/lexer.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

#include "core/util/error.hpp"

namespace sgl::expr {

void throw_at(int column, const std::string& what) {
  throw UserError("potential, column " + std::to_string(column) + ": " + what);
}

namespace {

bool is_name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// A number: digits with an optional fraction and exponent ("2", "0.5", ".5", "1e-3").
Token read_number(std::string_view text, std::size_t& i) {
  const std::size_t start = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      i = j;
      while (i < text.size() && is_digit(text[i])) ++i;
    }
  }
  Token token;
  token.kind = TokenKind::Number;
  token.text = std::string(text.substr(start, i - start));
  token.column = static_cast<int>(start) + 1;
  if (token.text == ".") throw_at(token.column, "expected a number, got '.'");
  const auto [end, error] =
      std::from_chars(token.text.data(), token.text.data() + token.text.size(), token.number);
  if (error == std::errc::result_out_of_range || !std::isfinite(token.number))
    throw_at(token.column, "number '" + token.text + "' is out of range");
  if (error != std::errc() || end != token.text.data() + token.text.size())
    throw_at(token.column, "malformed number '" + token.text + "'");
  return token;
}

TokenKind operator_kind(char c) {
  switch (c) {
    case '+':
      return TokenKind::Plus;
    case '-':
      return TokenKind::Minus;
    case '*':
      return TokenKind::Star;
    case '/':
      return TokenKind::Slash;
    case '^':
      return TokenKind::Caret;
    case '(':
      return TokenKind::LParen;
    case ')':
      return TokenKind::RParen;
    case ',':
      return TokenKind::Comma;
    default:
      return TokenKind::End;
  }
}

}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    if (is_digit(c) || (c == '.' && i + 1 < text.size() && is_digit(text[i + 1]))) {
      tokens.push_back(read_number(text, i));
      continue;
    }
    Token token;
    token.column = static_cast<int>(i) + 1;
    if (is_name_start(c)) {
      const std::size_t start = i;
      while (i < text.size() && is_name_char(text[i])) ++i;
      token.kind = TokenKind::Name;
      token.text = std::string(text.substr(start, i - start));
      tokens.push_back(std::move(token));
      continue;
    }
    // "**" is a common way to write a power; accept it as '^'.
    if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
      token.kind = TokenKind::Caret;
      token.text = "**";
      i += 2;
      tokens.push_back(std::move(token));
      continue;
    }
    token.kind = operator_kind(c);
    if (token.kind == TokenKind::End) {
      const bool printable = std::isprint(static_cast<unsigned char>(c)) != 0;
      throw_at(token.column, printable ? "unexpected character '" + std::string(1, c) + "'"
                                       : "unexpected byte (use ASCII: x, y, numbers, + - * / ^)");
    }
    token.text = std::string(1, c);
    ++i;
    tokens.push_back(std::move(token));
  }
  Token end;
  end.kind = TokenKind::End;
  end.column = static_cast<int>(text.size()) + 1;
  tokens.push_back(end);
  return tokens;
}

}  // namespace sgl::expr
