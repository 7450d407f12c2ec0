#include "core/util/refusal_text.hpp"

#include <cctype>
#include <cstddef>

namespace sgl {
namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Replaces whole-word occurrences of `name` in `text` by `label`, in one pass (a label holds its
// name: "friction C"); a name already followed by the label's symbol ("noise_estimate B̂" for
// "noise estimate B̂", "friction C" for "friction C") is replaced with the symbol, once.
void replace_name(std::string& text, const std::string& name, const std::string& label) {
  const std::size_t space = label.rfind(' ');
  const std::string symbol = space == std::string::npos ? std::string() : label.substr(space);
  std::size_t from = 0;
  while ((from = text.find(name, from)) != std::string::npos) {
    std::size_t end = from + name.size();
    const bool whole = (from == 0 || !is_word_char(text[from - 1])) &&
                       (end == text.size() || !is_word_char(text[end]));
    if (!whole) {
      from = end;
      continue;
    }
    const std::size_t after = end + symbol.size();
    if (!symbol.empty() && text.compare(end, symbol.size(), symbol) == 0 &&
        (after >= text.size() || !is_word_char(symbol.back()) || !is_word_char(text[after])))
      end = after;
    text.replace(from, end - from, label);
    from += label.size();
  }
}

}  // namespace

std::string user_facing_refusal(const std::string& message, const std::string& sampler_id,
                                const std::string& chain_label,
                                const std::vector<ParamDescriptor>& params) {
  std::string text = message;
  // The engine names the chain first ("'C = 1': sghmc: …"); the sampler names itself.
  const std::string quoted = "'" + chain_label + "': ";
  const bool named = !chain_label.empty() && text.rfind(quoted, 0) == 0;
  if (named) text.erase(0, quoted.size());
  const std::string prefix = sampler_id + ": ";
  const bool by_sampler = !sampler_id.empty() && text.rfind(prefix, 0) == 0;
  if (by_sampler) text.erase(0, prefix.size());
  if ((named || by_sampler) && !chain_label.empty()) text = chain_label + ": " + text;
  for (const ParamDescriptor& param : params) {
    if (param.name.empty() || param.label.empty() || param.name == param.label) continue;
    replace_name(text, param.name, param.label);
  }
  return text;
}

}  // namespace sgl
