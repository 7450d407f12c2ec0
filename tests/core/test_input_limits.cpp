// The input limits (issue 16) at the readers themselves: a CSV or JSON text that breaks one is
// refused with a message naming the limit, before the reader builds anything large.
#include <catch2/catch.hpp>
#include <sstream>

#include "app/scenario/scenario.hpp"
#include "core/io/csv_table.hpp"
#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

CsvTable read_csv_text(const std::string& text) {
  std::istringstream in(text);
  return read_numeric_csv(in, "t.csv");
}

}  // namespace

TEST_CASE("the CSV reader refuses a line, a row or a file beyond its limits", "[io]") {
  CHECK_THROWS_WITH(read_csv_text(std::string(kMaxCsvLineBytes + 1, '1')),
                    Catch::Contains("t.csv', line 1: line longer than the limit of 1048576"));
  std::string header = "y";
  for (int i = 0; i < kMaxCsvColumns; ++i) header += ",c" + std::to_string(i);
  CHECK_THROWS_WITH(read_csv_text(header + "\n"),
                    Catch::Contains("10001 columns, more than the limit of 10000"));
  // At the limits themselves everything still reads.
  const CsvTable table = read_csv_text("a,b\r\n\n1,2\n3,4");
  CHECK(table.rows() == 2);
  CHECK(table.at(1, 1) == 4.0);
  CHECK(table.location(1, 0) == "data file 't.csv', line 4, column 1 ('a')");
}

TEST_CASE("the scenario reader refuses deep nesting and huge numbers naming the position",
          "[scenario]") {
  const std::string deep =
      std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  CHECK_THROWS_WITH(parse_scenario(deep, "d.json"),
                    Catch::Contains("d.json: arrays and objects nested deeper than the limit"));
  CHECK_THROWS_WITH(parse_scenario("{\"name\":\n 1e400}", "n.json"),
                    Catch::Equals("n.json: number overflow parsing '1e400' at line 2, column 2 "
                                  "(numbers must fit in a double, |x| < 1.8e308)"));
  try {
    parse_scenario("{\"name\": tru}", "m.json");
    FAIL("accepted malformed JSON");
  } catch (const UserError& error) {
    const std::string message = error.what();
    CHECK(message.rfind("m.json: malformed JSON: ", 0) == 0);
    CHECK(message.find("json.exception") == std::string::npos);
  }
  std::string many = "[0";
  for (std::size_t i = 0; i < kMaxJsonValues; ++i) many += ",0";
  CHECK_THROWS_WITH(parse_scenario(many + "]", "many.json"),
                    Catch::Contains("many.json: more than the limit of 1000000 values"));
  CHECK_THROWS_WITH(parse_scenario(std::string(kMaxJsonFileBytes + 1, ' '), "big.json"),
                    Catch::Contains("larger than the limit of 16 MiB"));
}
