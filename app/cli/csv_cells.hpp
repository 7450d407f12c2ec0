// The number cells and write errors shared by the CSV writers (draws.csv, trajectories.csv), so
// the files spell numbers the same way and a reader can join them.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/util/error.hpp"

namespace sgl::csv {

// ",value": %.17g round-trips every double; non-finite values are spelled out (NaN, Inf, -Inf)
// rather than left to the platform's "-nan".
inline void put_number(std::FILE* file, double value) {
  if (std::isnan(value)) {
    std::fputs(",NaN", file);
  } else if (std::isinf(value)) {
    std::fputs(value > 0 ? ",Inf" : ",-Inf", file);
  } else {
    std::fprintf(file, ",%.17g", value);
  }
}

[[noreturn]] inline void fail(const std::string& path, int error_number) {
  throw UserError("cannot write " + path + ": " + std::strerror(error_number));
}

}  // namespace sgl::csv
