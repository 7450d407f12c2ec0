// libFuzzer harness: the scenario/session reader on arbitrary bytes, then the writer and the
// reader again on whatever it accepted (a saved scenario must read back). Any outcome other than
// a scenario or a UserError (a crash, a sanitizer report, a json or other exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/scenario/scenario.hpp"
#include "core/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sgl::Scenario scenario = sgl::parse_scenario(text, "fuzz.json");
    (void)sgl::parse_scenario(sgl::scenario_to_json(scenario), "fuzz-again.json");
    (void)sgl::quick_version(scenario);
  } catch (const sgl::UserError&) {
  }
  return 0;
}
