// Fields of the CSV files the app writes (scenario results, test-error curves): numbers in full
// precision with NaN/Inf spelled out, and text quoted only when it holds a comma, quote or newline.
#pragma once

#include <string>

namespace sgl {

std::string csv_number(double value);
std::string csv_text(const std::string& text);

}  // namespace sgl
