#include "app/gui/shell/main_slot.hpp"

#include <algorithm>
#include <array>

namespace sgl {
namespace {

// Views that show the chains as they run (not tables, notes or instruments).
bool live_view(const std::string& stem) {
  static constexpr std::array<const char*, 6> kLive = {"target", "phase_space",     "histogram",
                                                       "trace",  "autocorrelation", "energy"};
  return std::find(kLive.begin(), kLive.end(), stem) != kLive.end();
}

}  // namespace

std::string main_slot_stem(const MainSlotState& state) {
  if (state.slow_motion) return state.target_dim >= 2 ? "target" : "phase_space";
  if (state.mode != LayoutMode::Lecture || !state.experiment_result_pending) return "";
  const std::vector<std::string>& stems = state.lesson_stems;
  if (stems.empty() || stems.front() != "experiment") return "";
  const auto live = std::find_if(stems.begin(), stems.end(), live_view);
  if (live != stems.end()) return *live;
  return state.target_dim >= 2 ? "target" : "histogram";
}

}  // namespace sgl
