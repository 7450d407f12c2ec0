// Line breaking for the teaching notes. ImGui's own word wrap may break after '.' or ','
// ("0." | "5"), and any space may separate a number from its unit or operator ("ε =" | "0.1",
// "10" | "000"): on a projector a broken number reads as two. Notes are therefore wrapped here,
// at ASCII spaces only, after the spaces that hold a number group together have been made
// non-breaking (U+00A0).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sgl {

// `text` with the spaces inside number groups replaced by U+00A0: around a relation or operator
// sign (=, ≈, <, >, ≤, ≥, ×, ±), between thousands groups ("10 000"), before a unit sign ("57 %"),
// and after a comma inside parentheses before a number ("N(0, 4)").
std::string bind_number_groups(const std::string& text);

// Splits `text` into lines no wider than `width` (as `measure` reports), breaking only at ASCII
// spaces (which are dropped at the break). A single word wider than `width` gets a line of its own.
std::vector<std::string> wrap_at_spaces(const std::string& text, float width,
                                        const std::function<float(std::string_view)>& measure);

}  // namespace sgl
