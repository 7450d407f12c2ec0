// A slide's title and caption are fitted to the slide, never clipped: they shrink, then wrap,
// then end with "…"; a long export path keeps its start and its file name around "…".
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "app/scenario/text_fit.hpp"

namespace sgl {
namespace {

// Each character (UTF-8 continuation bytes do not count) is 0.5 × the text size wide.
float width_at(std::string_view text, float size) {
  float characters = 0.0f;
  for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0u) != 0x80u;
  return 0.5f * size * characters;
}

float width(std::string_view text) {
  return width_at(text, 2.0f);  // one unit a character
}

}  // namespace

TEST_CASE("a title that fits stays one line at full size", "[text_fit]") {
  const FittedText fitted = fit_text_lines("Double well", 100.0f, 10.0f, 8.0f, 2, width_at);
  CHECK(fitted.size == 10.0f);
  REQUIRE(fitted.lines.size() == 1);
  CHECK(fitted.lines[0] == "Double well");
}

TEST_CASE("a title a little too long shrinks to one line, no smaller than the minimum",
          "[text_fit]") {
  // 20 characters: 100 px at size 10, fits 90 px from size 9.
  const FittedText fitted = fit_text_lines("abcdefghij klmnopqrs", 90.0f, 10.0f, 8.0f, 2, width_at);
  REQUIRE(fitted.lines.size() == 1);
  CHECK(fitted.size <= 9.0f);
  CHECK(fitted.size >= 8.0f);
  CHECK(width_at(fitted.lines[0], fitted.size) <= 90.0f);
}

TEST_CASE("a long title wraps to two whole lines at the largest size that allows", "[text_fit]") {
  const std::string title = "Double well: HMC, naive SGHMC, SGHMC and SGLD against the truth";
  const FittedText fitted = fit_text_lines(title, 200.0f, 10.0f, 8.0f, 2, width_at);
  REQUIRE(fitted.lines.size() == 2);
  CHECK(fitted.size == 10.0f);
  CHECK(fitted.lines[0] + " " + fitted.lines[1] == title);
  for (const std::string& line : fitted.lines) CHECK(width_at(line, fitted.size) <= 200.0f);
}

TEST_CASE("a title too long for two lines ends with an ellipsis, never past the width",
          "[text_fit]") {
  std::string title;
  for (int k = 0; k < 40; ++k) title += "word" + std::to_string(k) + " ";
  const FittedText fitted = fit_text_lines(title, 100.0f, 10.0f, 8.0f, 2, width_at);
  REQUIRE(fitted.lines.size() == 2);
  CHECK(fitted.size == 8.0f);
  CHECK(fitted.lines[1].size() >= 3);
  CHECK(fitted.lines[1].substr(fitted.lines[1].size() - 3) == "…");
  for (const std::string& line : fitted.lines) CHECK(width_at(line, fitted.size) <= 100.0f);
}

TEST_CASE("no text, no lines", "[text_fit]") {
  CHECK(fit_text_lines("", 100.0f, 10.0f, 8.0f, 2, width_at).lines.empty());
}

TEST_CASE("a long path keeps its start and its file name around an ellipsis", "[text_fit]") {
  const std::string path = "exported /home/someone/teaching/2026/lecture-07/exports/trace.png";
  CHECK(elide_middle(path, 200.0f, width) == path);
  const std::string shown = elide_middle(path, 40.0f, width);
  CHECK(width(shown) <= 40.0f);
  CHECK(width(shown) >= 39.0f);
  CHECK(shown.rfind("exported /home", 0) == 0);
  CHECK(shown.find("…") != std::string::npos);
  CHECK(shown.substr(shown.size() - 9) == "trace.png");
  CHECK(elide_middle(path, 0.5f, width) == "…");
}

TEST_CASE("a path is never cut inside a UTF-8 character", "[text_fit]") {
  const std::string path = "/tmp/ε-δ/θθθθθθθθθθθθθθθθθθθθ/ü.png";
  const std::string shown = elide_middle(path, 12.0f, width);
  CHECK(width(shown) <= 12.0f);
  // Valid UTF-8: no continuation byte right after an ASCII byte or at the start.
  for (std::size_t k = 0; k < shown.size(); ++k) {
    const auto byte = static_cast<unsigned char>(shown[k]);
    if ((byte & 0xC0u) == 0x80u) {
      REQUIRE(k > 0);
      CHECK((static_cast<unsigned char>(shown[k - 1]) & 0x80u) != 0);
    }
  }
}

}  // namespace sgl
