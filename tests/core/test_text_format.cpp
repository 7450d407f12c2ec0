// Text in messages and files (issue 26): strict UTF-8, names fit for CSV headers and XML, bounded
// excerpts, numbers that read back exactly, byte sizes in B … PB; and chain naming in
// O(n log n).
#include <catch2/catch.hpp>
#include <string>

#include "app/scenario/scenario.hpp"
#include "core/util/text_format.hpp"

TEST_CASE("UTF-8 is checked strictly", "[text]") {
  CHECK(sgl::is_valid_utf8("plain"));
  CHECK(sgl::is_valid_utf8("θ₁ and ρ"));
  CHECK_FALSE(sgl::is_valid_utf8("\xFF\xFE"));
  CHECK_FALSE(sgl::is_valid_utf8("\xED\xA0\x80"));  // a surrogate
  CHECK_FALSE(sgl::is_valid_utf8("\xC0\xAF"));      // overlong '/'
  CHECK_FALSE(sgl::is_valid_utf8("\xE2\x82"));      // cut short
  CHECK(sgl::text_name_problem("x1").empty());
  CHECK(sgl::text_name_problem("β₂").empty());
  CHECK(sgl::text_name_problem("\xEF\xBF\xBE") == "holds a Unicode noncharacter");
  CHECK(sgl::text_name_problem(std::string("a\0b", 3)) == "holds a NUL byte");
  CHECK(sgl::text_name_problem("a\rb") == "holds a control character");
  CHECK(sgl::text_name_problem("\xFF") == "is not valid UTF-8 text");
}

TEST_CASE("excerpts are bounded and escaped", "[text]") {
  CHECK(sgl::excerpt("short") == "short");
  CHECK(sgl::excerpt(std::string(1000000, 'z')) == std::string(80, 'z') + "…");
  CHECK(sgl::excerpt("a\xFF"
                     "b\n") == "a\\xffb\\x0a");
  // Cut after 80 characters, not 80 bytes: a multi-byte character is never split.
  std::string thetas;
  for (int i = 0; i < 100; ++i) thetas += "θ";
  const std::string cut = sgl::excerpt(thetas);
  CHECK(sgl::is_valid_utf8(cut));
  CHECK(cut.size() == 80 * 2 + std::string("…").size());
}

TEST_CASE("numbers and sizes in messages", "[text]") {
  CHECK(sgl::exact_number(10.0000001) == "10.0000001");
  CHECK(sgl::exact_number(10.0) == "10");
  CHECK(sgl::exact_number(1e-5) == "1e-05");
  CHECK(sgl::byte_size(512) == "512 B");
  CHECK(sgl::byte_size(1.5e9) == "1.5 GB");
  CHECK(sgl::byte_size(820e6) == "820 MB");
  CHECK(sgl::approximate_bytes(8e16) == "about 80 PB");
  CHECK(sgl::approximate_bytes(8e19) == "more than 1000 PB");
  CHECK(sgl::approximate_bytes(1e300) == "more than 1000 PB");
}

TEST_CASE("10^5 unlabelled chains are named in O(n log n)", "[text][scenario]") {
  // 10^5 chains also catch a quadratic JSON parse: nlohmann's callback parser (once used for the
  // input limits) searched the parent array at every closing brace, minutes under AddressSanitizer.
  constexpr int kChains = 100000;
  std::string text = R"({"name":"many","target":{"id":"gauss2d"},"chains":[)";
  for (int i = 0; i < kChains; ++i) text += i ? R"(,{"sampler":"sgld"})" : R"({"sampler":"sgld"})";
  text += "]}";
  // No clock here (performance is measured in bench/, not asserted in ctest): the quadratic
  // search this replaced took minutes for 10^5 chains, past the test's ctest timeout.
  const sgl::Scenario scenario = sgl::parse_scenario(text, "many.json");
  REQUIRE(scenario.chains.size() == std::size_t(kChains));
  CHECK(scenario.chains[0].label == "sgld");
  CHECK(scenario.chains[1].label == "sgld#2");
  CHECK(scenario.chains.back().label == "sgld#" + std::to_string(kChains));
}

TEST_CASE("powers of ten are written with superscript digits", "[text]") {
  CHECK(sgl::power_of_ten(5) == "10⁵");
  CHECK(sgl::power_of_ten(-3) == "10⁻³");
  CHECK(sgl::power_of_ten(0) == "10⁰");
  CHECK(sgl::power_of_ten(12) == "10¹²");
}

TEST_CASE("time left from the pace so far", "[text]") {
  CHECK(sgl::time_left_text(1.0, 0.5).empty());    // too early to tell
  CHECK(sgl::time_left_text(10.0, 0.01).empty());  // too little done to tell
  CHECK(sgl::time_left_text(10.0, 1.0).empty());   // done
  CHECK(sgl::time_left_text(10.0, 0.5) == "about 10 s left");
  CHECK(sgl::time_left_text(11.0, 0.5) == "about 10 s left");    // nearest 5 s
  CHECK(sgl::time_left_text(2.0, 0.9) == "about 5 s left");      // never "0 s"
  CHECK(sgl::time_left_text(11.0, 0.06) == "about 3 min left");  // 172 s
  CHECK(sgl::time_left_text(600.0, 0.1) == "about 2 h left");    // 5400 s → 1.5 h rounds to 2
}
