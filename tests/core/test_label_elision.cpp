// Labels shortened to fit show "…" and never a wrong number: "noisy, resample r every 50" in a
// narrow legend read "…every 5" when the panel clipped it.
#include <catch2/catch.hpp>

#include <string>

#include "core/plot/label_elision.hpp"

namespace sgl {
namespace {

// 10 px per character (a UTF-8 continuation byte adds nothing).
float width(const std::string& text) {
  float w = 0.0f;
  for (const char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u) w += 10.0f;
  return w;
}

}  // namespace

TEST_CASE("label elision: fits untouched, else ends in … and never shows a cut number",
          "[label_elision]") {
  CHECK(elide_to_width("SGHMC", 50.0f, width) == "SGHMC");
  const std::string label = "noisy, resample r every 50";
  for (float max_width = 0.0f; max_width <= 300.0f; max_width += 1.0f) {
    const std::string shown = elide_to_width(label, max_width, width);
    INFO("width " << max_width << ": '" << shown << "'");
    if (shown == label) {
      CHECK(width(label) <= max_width);
      continue;
    }
    REQUIRE(shown.size() >= std::string(kEllipsis).size());
    CHECK(shown.substr(shown.size() - std::string(kEllipsis).size()) == kEllipsis);
    CHECK((width(shown) <= max_width || shown == kEllipsis));
    CHECK(shown.find("5…") == std::string::npos);  // a wrong number: 5 for 50
  }
  // Decimals and exponents stay whole too: ε = 0.25 never shows as "0.2…" or "0.…".
  for (float max_width = 0.0f; max_width <= 200.0f; max_width += 1.0f) {
    const std::string shown = elide_to_width("HMC ε = 0.25, L = 1e-3", max_width, width);
    INFO("'" << shown << "'");
    for (const char* wrong : {"0.2…", "0.…", "0…", "1e…", "1e-…", "1…"})
      CHECK(shown.find(wrong) == std::string::npos);
  }
  // Greek and other multi-byte letters are never split.
  const std::string greek = elide_to_width("ε ε ε ε ε", 45.0f, width);
  CHECK(greek == "ε ε…");
}

}  // namespace sgl
