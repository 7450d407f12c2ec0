// Every label a sampler gives the window (its parameters' slider labels, its channels' column and
// trace labels and their tooltips) is drawn with glyphs the interface font loads: a character
// outside its ranges shows as "?" (pSGLD's Ḡ did, in Metrics and the Trace's channel choice).
#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <cstdio>
#include <string>

#include "app/gui/shell/ui_font.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

// The first code point of `text` that the font lacks, as "U+XXXX in 'text'"; empty if none.
std::string missing_glyph(const std::string& text) {
  const char* at = text.c_str();
  const char* end = at + text.size();
  while (at < end) {
    unsigned codepoint = 0;
    const int length = ImTextCharFromUtf8(&codepoint, at, end);
    if (length <= 0) return "a bad UTF-8 sequence in '" + text + "'";
    at += length;
    if (codepoint < 0x20) continue;
    if (!ui_font_covers(codepoint)) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "U+%04X", codepoint);
      return std::string(hex) + " in '" + text + "'";
    }
  }
  return {};
}

TEST_CASE("the interface font has a glyph for every sampler's labels", "[font]") {
  for (const SamplerInfo& sampler : sampler_catalogue()) {
    INFO(sampler.id);
    CHECK(missing_glyph(sampler.short_name) == "");
    CHECK(missing_glyph(sampler.summary) == "");
    for (const ParamDescriptor& param : sampler.params) {
      CHECK(missing_glyph(param.label) == "");
      CHECK(missing_glyph(param.tooltip) == "");
    }
    for (const ChannelDescriptor& channel : sampler.traits.channels) {
      CHECK(missing_glyph(channel.label) == "");
      CHECK(missing_glyph(channel.description) == "");
    }
  }
}

TEST_CASE("the font check sees a character outside the ranges", "[font]") {
  CHECK(missing_glyph("Ḡ").empty());
  CHECK(missing_glyph("θ ε ∇ ≥ ℓ").empty());
  CHECK(missing_glyph("\xe4\xb8\xad") == "U+4E2D in '\xe4\xb8\xad'");  // a CJK character
}

}  // namespace
}  // namespace sgl
