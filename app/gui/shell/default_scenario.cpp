#include "app/gui/shell/default_scenario.hpp"

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"

namespace sgl {

Scenario default_scenario() {
  return load_scenario("default");
}

LiveSetup default_live_setup() {
  return live_setup_from_scenario(default_scenario());
}

}  // namespace sgl
