#include "app/scenario/main_slot.hpp"

#include <algorithm>

namespace sgl {
namespace {

// Views that draw one coordinate at a time: fine for 1-D, blind to a 2-D density's shape.
bool one_coordinate_view(const std::string& stem) {
  return stem == "histogram" || stem == "phase_space";
}

// `stem` first, in place of the current first panel, and nowhere else.
std::vector<std::string> lead_with(std::vector<std::string> stems, const std::string& stem) {
  std::erase(stems, stem);
  stems.front() = stem;
  return stems;
}

}  // namespace

std::vector<std::string> lecture_stems_for_target(std::vector<std::string> stems, int dim) {
  if (stems.empty()) stems = {"histogram", "target"};
  if (dim >= 2 && one_coordinate_view(stems.front())) {
    // The displaced 1-D view stays on a side tile when it is the lesson's only other panel.
    const std::string displaced = stems.front();
    std::vector<std::string> shown = lead_with(stems, "target");
    if (shown.size() == 1) shown.push_back(displaced);
    return shown;
  }
  if (dim == 1 && stems.front() == "target") return lead_with(stems, "histogram");
  return stems;
}

}  // namespace sgl
