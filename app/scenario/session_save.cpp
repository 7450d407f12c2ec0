#include "app/scenario/session_save.hpp"

#include <filesystem>

#include "app/scenario/live_session.hpp"
#include "core/io/new_file.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

std::string save_session_file(const Scenario& base, LiveEngine& engine,
                              const std::string& requested_path) {
  const std::filesystem::path requested(requested_path);
  const std::string folder =
      requested.has_parent_path() ? requested.parent_path().string() : std::string(".");
  const std::string stem =
      requested.has_stem() ? requested.stem().string() : std::string("session");
  return write_new_file(folder, stem, "json",
                        scenario_to_json(scenario_with_session(base, engine.session_state())));
}

}  // namespace sgl
