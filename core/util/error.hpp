#pragma once

#include <stdexcept>
#include <string>

namespace sgl {

// An error caused by what the user asked for (bad parameter, malformed file, invalid
// combination). Front ends show its message as is: it must name the problem in one line.
class UserError : public std::runtime_error {
 public:
  explicit UserError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace sgl
