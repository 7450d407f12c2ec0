#include "app/scenario/bounded_json.hpp"

#include <algorithm>

#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

// "line L, column C" of a byte offset (1-based), for messages about a position in the file.
std::string line_and_column(const std::string& text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
  const std::size_t line_start = offset == 0 ? 0 : text.rfind('\n', offset - 1);
  const std::size_t column = line_start == std::string::npos ? offset + 1 : offset - line_start;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// The library's message without its "[json.exception.parse_error.101] " prefix.
std::string without_exception_tag(const std::string& message) {
  if (message.rfind("[json.exception.", 0) != 0) return message;
  const std::size_t end = message.find("] ");
  return end == std::string::npos ? message : message.substr(end + 2);
}

// Counts values and nesting depth as the SAX parser reads them and refuses a file past the limits
// of core/io/input_limits.hpp. Nothing is built.
struct LimitCounter : nlohmann::json_sax<json> {
  explicit LimitCounter(const std::string& source) : source(source) {}

  bool null() override { return count_value(); }
  bool boolean(bool) override { return count_value(); }
  bool number_integer(number_integer_t) override { return count_value(); }
  bool number_unsigned(number_unsigned_t) override { return count_value(); }
  bool number_float(number_float_t, const string_t&) override { return count_value(); }
  bool string(string_t&) override { return count_value(); }
  bool binary(binary_t&) override { return count_value(); }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

  bool count_value() {
    if (++values > kMaxJsonValues)
      throw UserError(source + ": more than the limit of " + std::to_string(kMaxJsonValues) +
                      " values (numbers, strings, lists) in one scenario file");
    return true;
  }
  bool open() {
    // Depth counts like the parser's callback did: the outermost object is at depth 0.
    if (depth >= kMaxJsonDepth)
      throw UserError(source + ": arrays and objects nested deeper than the limit of " +
                      std::to_string(kMaxJsonDepth) + " levels");
    ++depth;
    return count_value();
  }
  bool close() {
    --depth;
    return true;
  }

  const std::string& source;
  std::size_t values = 0;
  int depth = 0;
};

}  // namespace

json parse_bounded_json(const std::string& text, const std::string& source) {
  // The file reader stops one byte past the limit, so the size itself is not known here.
  if (text.size() > kMaxJsonFileBytes)
    throw UserError(source + ": larger than the limit of " +
                    std::to_string(kMaxJsonFileBytes >> 20) + " MiB for a scenario file");
  // A first pass counts values and depth without building anything, so a deeply nested file or a
  // huge array is refused before memory is spent on it. (A parser callback would do this in one
  // pass, but nlohmann's callback parser searches the parent array at every closing brace: 10^5
  // chains took seconds, and minutes under AddressSanitizer.)
  LimitCounter counter{source};
  json::sax_parse(text, &counter);  // a syntax error is reported by the parse below
  try {
    return json::parse(text);
  } catch (const json::parse_error& error) {
    // parse_error's own message already says where ("at line L, column C").
    throw UserError(source + ": malformed JSON: " + without_exception_tag(error.what()));
  } catch (const json::out_of_range& error) {
    // A number too large for a double (1e400). The library does not say where; find the token.
    std::string message = without_exception_tag(error.what());
    const std::size_t quote = message.find('\'');
    if (quote != std::string::npos && message.back() == '\'') {
      const std::string token = message.substr(quote + 1, message.size() - quote - 2);
      const std::size_t at = text.find(token);
      if (!token.empty() && at != std::string::npos) message += " at " + line_and_column(text, at);
    }
    throw UserError(source + ": " + message + " (numbers must fit in a double, |x| < 1.8e308)");
  } catch (const json::exception& error) {
    throw UserError(source + ": malformed JSON: " + without_exception_tag(error.what()));
  }
}

}  // namespace sgl
