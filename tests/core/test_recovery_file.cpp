// Autosave and recovery (app/scenario/recovery_file.hpp): the recovery scenario holds the
// settings and replays nothing; the file names its owner, so only a dead owner's file is
// offered; a clean exit removes only its own file.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/recovery_file.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::filesystem::path fresh_folder(const std::string& name) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("sgl-recovery-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  return folder;
}

// A pid that belonged to a process which has exited (and was reaped).
pid_t dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

}  // namespace

TEST_CASE("recovery scenario: newest settings and labels, no replay", "[scenario]") {
  const Scenario base = load_scenario("default");
  LiveSetup setup = live_setup_from_scenario(base);
  setup.running = false;
  setup.draw_capacity = 1024;
  LiveEngine engine(setup);
  for (int i = 0; i < 25; ++i) engine.step_once();
  engine.wait_until_idle();
  engine.set_chain_params(2, {{"step_size", 0.05}, {"friction", 2.5}, {"noise_var", 4}});
  engine.set_chain_label(0, "Lecture HMC");
  engine.step_once();
  engine.wait_until_idle();

  const Scenario saved = recovery_scenario(base, engine.session_state());
  const Scenario reopened = parse_scenario(scenario_to_json(saved), "recovery.json");
  REQUIRE(reopened.session);
  REQUIRE(reopened.session->chains.size() == 4);
  for (const ChainSpec& chain : reopened.session->chains) {
    CHECK(chain.steps == 0);
    CHECK(chain.history.empty());
  }
  CHECK(reopened.session->chains[0].label == "Lecture HMC");
  CHECK(reopened.session->chains[2].id == 2);
  CHECK(reopened.session->chains[2].params.at("friction") == 2.5);
  CHECK(reopened.session->chains[2].params.at("step_size") == 0.05);
  CHECK(reopened.target.id == base.target.id);
}

TEST_CASE("recovery file: written atomically, offered only when its owner is dead", "[scenario]") {
  const auto folder = fresh_folder("owner");
  const RecoveryFile file(folder.string());
  CHECK_FALSE(file.left_by_dead_process());  // nothing written yet
  file.write("{\"name\": \"x\"}");
  CHECK(std::filesystem::is_regular_file(file.path()));
  CHECK_FALSE(file.left_by_dead_process());  // ours, and we are alive
  CHECK_FALSE(file.set_aside_for_restore());

  // Another live process's file (a second window open at the same time) is not offered either.
  std::ofstream(folder / "recovery.owner") << ::getppid() << "\n";
  CHECK_FALSE(file.left_by_dead_process());
  file.remove_if_owned();  // not ours: kept
  CHECK(std::filesystem::is_regular_file(file.path()));

  std::ofstream(folder / "recovery.owner") << dead_pid() << "\n";
  CHECK(file.left_by_dead_process());
  const auto previous = file.set_aside_for_restore();
  REQUIRE(previous);
  CHECK(std::filesystem::path(*previous).filename() == "recovery-previous.json");
  CHECK_FALSE(std::filesystem::exists(file.path()));

  file.write("{}");
  file.remove_if_owned();  // ours: a clean exit removes it
  CHECK_FALSE(std::filesystem::exists(file.path()));
  std::filesystem::remove_all(folder);
}

TEST_CASE("recovery file: an unwritable folder is a message, not a crash", "[scenario]") {
  const auto folder = fresh_folder("blocked");
  std::filesystem::create_directories(folder.parent_path());
  std::ofstream(folder.string()) << "a file where the folder should be";
  const RecoveryFile file((folder / "sgmcmc-lab").string());
  CHECK_THROWS_AS(file.write("{}"), UserError);
  std::filesystem::remove(folder);
}

TEST_CASE("recovery folder: XDG_STATE_HOME, else ~/.local/state", "[scenario]") {
  const char* old_state = std::getenv("XDG_STATE_HOME");
  const std::string saved_state = old_state ? old_state : "";
  ::setenv("XDG_STATE_HOME", "/tmp/state-here", 1);
  CHECK(recovery_folder() == "/tmp/state-here/sgmcmc-lab");
  ::unsetenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  if (home) CHECK(recovery_folder() == std::string(home) + "/.local/state/sgmcmc-lab");
  if (old_state) ::setenv("XDG_STATE_HOME", saved_state.c_str(), 1);
}
