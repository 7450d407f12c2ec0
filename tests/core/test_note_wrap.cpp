#include <catch2/catch.hpp>
#include <cctype>

#include "app/scenario/assets.hpp"
#include "app/scenario/note_wrap.hpp"

using sgl::bind_number_groups;
using sgl::wrap_at_spaces;

namespace {

// One unit per code point (UTF-8 continuation bytes do not count).
float code_points(std::string_view text) {
  float count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1.0f : 0.0f;
  return count;
}

const std::string kNbsp = "\u00A0";

}  // namespace

TEST_CASE("notes bind numbers to their signs and units and thousands groups", "[notes]") {
  CHECK(bind_number_groups("step size ε = 0.1, momentum") ==
        "step size ε" + kNbsp + "=" + kNbsp + "0.1, momentum");
  CHECK(bind_number_groups("n = 10 000 and") ==
        "n" + kNbsp + "=" + kNbsp + "10" + kNbsp + "000 and");
  CHECK(bind_number_groups("only about 57 % of") == "only about 57" + kNbsp + "% of");
  CHECK(bind_number_groups("∇U + N(0, 4), step") == "∇U + N(0," + kNbsp + "4), step");
  CHECK(bind_number_groups("two wells, 5 standard") == "two wells, 5 standard");
  CHECK(bind_number_groups("") == "");
}

TEST_CASE("notes wrap at spaces only and never inside a bound number", "[notes]") {
  const std::string text = bind_number_groups("the step ε = 0.1 and n = 10 000 points, 57 % of");
  for (float width : {4.0f, 8.0f, 12.0f, 20.0f, 200.0f}) {
    const std::vector<std::string> lines = wrap_at_spaces(text, width, code_points);
    INFO("width " << width);
    std::string joined;
    for (const std::string& line : lines) {
      joined += (joined.empty() ? "" : " ") + line;
      CHECK(line.find("0.") != line.size() - 2);  // never "0." at a line's end
      if (line.find(' ') != std::string::npos) CHECK(code_points(line) <= width);
    }
    CHECK(joined == text);
    for (const std::string& bound :
         {"ε" + kNbsp + "=" + kNbsp + "0.1", "10" + kNbsp + "000", "57" + kNbsp + "%"}) {
      bool whole = false;
      for (const std::string& line : lines) whole = whole || line.find(bound) != std::string::npos;
      CHECK(whole);
    }
  }
  CHECK(wrap_at_spaces("", 10.0f, code_points) == std::vector<std::string>{""});
  CHECK(wrap_at_spaces("a  b", 10.0f, code_points) == std::vector<std::string>{"a b"});
}

TEST_CASE("every preset's note text keeps its numbers whole when wrapped narrow", "[notes]") {
  // At 24 characters (a narrow Notes panel) no line of any note may end with a digit followed by
  // a line starting with a digit, a unit or a relation sign.
  for (const std::string& name : sgl::preset_names()) {
    const std::string note = sgl::load_note(sgl::load_scenario(name).note);
    std::string::size_type start = 0;
    while (start < note.size()) {
      std::string::size_type end = note.find('\n', start);
      if (end == std::string::npos) end = note.size();
      const std::string line = note.substr(start, end - start);
      start = end + 1;
      const std::vector<std::string> lines =
          wrap_at_spaces(bind_number_groups(line), 24.0f, code_points);
      for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        INFO(name << ": \"" << lines[i] << "\" | \"" << lines[i + 1] << "\"");
        const std::string& next = lines[i + 1];
        const bool ends_number =
            !lines[i].empty() && std::isdigit(static_cast<unsigned char>(lines[i].back()));
        const bool starts_number_part =
            !next.empty() &&
            (std::isdigit(static_cast<unsigned char>(next.front())) || next.front() == '%' ||
             next.front() == '=' || next.rfind("≈", 0) == 0);
        CHECK_FALSE((ends_number && starts_number_part));
        CHECK_FALSE((!next.empty() && next.front() == '='));
        CHECK_FALSE(next.rfind("≈", 0) == 0);
      }
    }
  }
}
