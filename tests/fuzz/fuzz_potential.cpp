// libFuzzer harness: the potential-expression parser and compiler on arbitrary bytes, then the
// compiled program evaluated (value and gradient) at a few points. Any outcome other than a
// program or a UserError (a crash, a sanitizer report, another exception, a hang on deep
// nesting) is a bug. The window search and truth grid are left out: they cost milliseconds per
// input and read the program only through value().
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/targets/expression/program.hpp"
#include "core/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sgl::expr::Program program = sgl::expr::Program::compile(text);
    const double points[][2] = {{0.0, 0.0}, {1.5, -2.0}, {-1e300, 1e-300}};
    for (const auto& p : points) {
      double dx = 0.0, dy = 0.0;
      (void)program.value(p[0], p[1]);
      (void)program.value_and_gradient(p[0], p[1], &dx, &dy);
    }
  } catch (const sgl::UserError&) {
  }
  return 0;
}
