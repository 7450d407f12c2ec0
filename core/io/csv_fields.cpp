#include "core/io/csv_fields.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace sgl {

std::string csv_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Inf" : "-Inf";
  std::ostringstream out;
  out << std::setprecision(17) << value;
  return out.str();
}

std::string csv_text(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace sgl
