#include "app/gui/export/slide_text.hpp"

#include <algorithm>
#include <array>

#include "app/gui/panels/view_helpers.hpp"
#include "app/scenario/headline.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

const std::string kNbsp = "\u00A0";
// Items are joined by " · " whose first space cannot break: a wrapped line ends with "·", and
// the next begins with an item.
const std::string kItemSeparator = kNbsp + "· ";
constexpr std::size_t kMaxSettingsPerChain = 3;

// Settings a reader of the slide needs whatever their value.
constexpr std::array<const char*, 5> kKeySettings = {"step_size", "learning_rate", "friction",
                                                     "leapfrog_steps", "momentum_decay"};

std::string non_breaking(std::string text) {
  std::string out;
  for (const char c : text) out += c == ' ' ? kNbsp : std::string(1, c);
  return out;
}

// The symbol a label ends with ("step size ε" → "ε", "noise estimate B̂" → "B̂"); empty when its
// last word is a word ("resample r every").
std::string label_symbol(const std::string& label) {
  const std::size_t space = label.find_last_of(' ');
  if (space == std::string::npos) return {};
  const std::string last = label.substr(space + 1);
  std::size_t code_points = 0;
  for (const char c : last) code_points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  // A letter and its combining hat count as one symbol.
  const bool hat = last.find("\u0302") != std::string::npos;
  return code_points - (hat ? 1 : 0) == 1 ? last : std::string();
}

std::string chain_settings(const ChainSnapshot& chain) {
  const SamplerInfo* info = find_sampler_info(chain.sampler_id);
  if (info == nullptr) return non_breaking(chain.label);
  std::string settings;
  std::size_t shown = 0;
  for (const ParamDescriptor& descriptor : info->params) {
    if (shown == kMaxSettingsPerChain) break;
    if (descriptor.kind == ParamKind::Boolean || descriptor.kind == ParamKind::Choice) continue;
    const auto value = chain.full_params.find(descriptor.name);
    if (value == chain.full_params.end()) continue;  // not for this kind of target
    const std::string symbol = label_symbol(descriptor.label);
    if (symbol.empty()) continue;
    const bool key =
        std::find(kKeySettings.begin(), kKeySettings.end(), descriptor.name) != kKeySettings.end();
    if (!key && value->second == descriptor.default_value) continue;
    settings += (shown++ == 0 ? ":" + kNbsp : "," + kNbsp) + symbol + kNbsp + "=" + kNbsp +
                non_breaking(format_param_value(descriptor, value->second));
  }
  std::string text = non_breaking(chain.label);
  // A renamed chain still says which sampler it runs.
  if (chain.label.rfind(info->short_name, 0) != 0) text += kNbsp + "(" + info->short_name + ")";
  return text + settings;
}

std::string draws_text(const EngineSnapshot& snapshot) {
  std::uint64_t fewest = 0, most = 0;
  bool first = true;
  for (const ChainSnapshot& chain : snapshot.chains) {
    fewest = first ? chain.counters.steps : std::min(fewest, chain.counters.steps);
    most = first ? chain.counters.steps : std::max(most, chain.counters.steps);
    first = false;
  }
  const std::string per_chain = snapshot.chains.size() > 1 ? " per chain" : "";
  if (fewest == most) return non_breaking(views::count_text(most) + " draws" + per_chain);
  // Chains a step or two apart (they run side by side): one number reads better than a range.
  if (most - fewest <= most / 100)
    return non_breaking("≈ " + views::count_text(most) + " draws" + per_chain);
  return non_breaking(views::count_text(fewest) + "–" + views::count_text(most) + " draws" +
                      per_chain);
}

}  // namespace

std::string slide_title(const std::string& headline, const std::string& panel) {
  if (headline.empty()) return panel;
  if (panel.empty()) return headline;
  return headline + " — " + panel;
}

std::string slide_caption(const EngineSnapshot& snapshot) {
  std::string caption = non_breaking("Target: " + target_display_name(snapshot.target_spec));
  for (const ChainSnapshot& chain : snapshot.chains)
    caption += kItemSeparator + chain_settings(chain);
  if (!snapshot.chains.empty()) caption += kItemSeparator + draws_text(snapshot);
  caption += kItemSeparator + "seed" + kNbsp + std::to_string(snapshot.seed);
  return caption;
}

}  // namespace sgl
