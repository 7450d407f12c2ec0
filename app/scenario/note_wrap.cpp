#include "app/scenario/note_wrap.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace sgl {
namespace {

constexpr std::string_view kNoBreakSpace = "\u00A0";

bool is_operator(std::string_view token) {
  static constexpr std::array<std::string_view, 10> kOperators = {"=", "≈", "<", ">", "≤",
                                                                  "≥", "×", "±", "~", "≠"};
  return std::find(kOperators.begin(), kOperators.end(), token) != kOperators.end();
}

bool is_unit(std::string_view token) {
  // A unit sign, possibly followed by punctuation ("57 %," "30 %.").
  while (!token.empty() && std::ispunct(static_cast<unsigned char>(token.back())) &&
         token.back() != '%')
    token.remove_suffix(1);
  return token == "%" || token == "‰" || token == "°";
}

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// "000", "000," or "000." (a thousands group, perhaps ending a sentence or a clause).
bool is_thousands_group(std::string_view token) {
  while (!token.empty() && (token.back() == ',' || token.back() == '.' || token.back() == ';' ||
                            token.back() == ')' || token.back() == ':'))
    token.remove_suffix(1);
  return token.size() == 3 && std::all_of(token.begin(), token.end(), is_digit);
}

bool starts_with_number(std::string_view token) {
  if (token.rfind("−", 0) == 0) token.remove_prefix(std::string_view("−").size());
  if (!token.empty() && (token.front() == '-' || token.front() == '+')) token.remove_prefix(1);
  return !token.empty() && is_digit(token.front());
}

bool binds(std::string_view before, std::string_view after, int paren_depth) {
  if (before.empty() || after.empty()) return false;
  if (is_operator(before) || is_operator(after)) return true;
  if (is_digit(before.back()) && (is_thousands_group(after) || is_unit(after))) return true;
  return paren_depth > 0 && before.back() == ',' && starts_with_number(after);
}

}  // namespace

std::string bind_number_groups(const std::string& text) {
  std::vector<std::string_view> tokens;
  std::string_view rest(text);
  for (std::size_t space; (space = rest.find(' ')) != std::string_view::npos;) {
    tokens.push_back(rest.substr(0, space));
    rest.remove_prefix(space + 1);
  }
  tokens.push_back(rest);

  std::string out;
  out.reserve(text.size() + 16);
  int depth = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    out += tokens[i];
    for (char c : tokens[i]) depth = std::max(0, depth + (c == '(') - (c == ')'));
    if (i + 1 < tokens.size()) out += binds(tokens[i], tokens[i + 1], depth) ? kNoBreakSpace : " ";
  }
  return out;
}

std::vector<std::string> wrap_at_spaces(const std::string& text, float width,
                                        const std::function<float(std::string_view)>& measure) {
  std::vector<std::string> lines;
  std::string line;
  std::string_view rest(text);
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest.remove_prefix(space == std::string_view::npos ? rest.size() : space + 1);
    if (word.empty()) continue;
    std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
    if (!line.empty() && measure(candidate) > width) {
      lines.push_back(std::move(line));
      line = std::string(word);
    } else {
      line = std::move(candidate);
    }
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace sgl
