// The GUI's slow writers run on a BackgroundJob: File → Export → Draws CSV and File → Save
// session. A file written from the job is byte-identical to one written synchronously (the
// thread changes nothing in the content), progress reaches 1, a cancelled export leaves no file,
// and an unwritable folder is a one-line failure message, never an escaped exception.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "app/cli/live_draws_export.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/session_save.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/background_job.hpp"

using namespace sgl;
namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("sgl_offui_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Two paused chains on the 2-D Gaussian with `steps` draws each.
LiveSetup paused_setup() {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.chains = {{"hmc", {{"step_size", 0.2}, {"leapfrog_steps", 5}}, true},
                  {"sghmc", {{"step_size", 0.05}, {"noise_var", 1}}, true}};
  setup.running = false;
  setup.draw_capacity = 1u << 16;
  return setup;
}

void step(LiveEngine& engine, int times) {
  for (int i = 0; i < times; ++i) engine.step_once();
  engine.wait_until_idle();
}

}  // namespace

TEST_CASE("draws export from a background job is byte-identical to the synchronous one") {
  LiveEngine engine(paused_setup());
  step(engine, 20'000);  // > 4096 rows per chain: several progress reports
  const auto snapshot = engine.snapshot();
  const fs::path dir = fresh_dir("draws");

  const std::string direct = export_live_draws_csv(engine, snapshot, dir.string());
  BackgroundJob job;
  std::vector<double> seen;
  job.start([&](JobControl& control) {
    return export_live_draws_csv(engine, snapshot, dir.string(), &control);
  });
  job.wait();
  CHECK(job.progress() == 1.0);
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  REQUIRE(outcome->ok);
  CHECK(outcome->message == (dir / "draws-2.csv").string());  // never overwrites
  const std::string a = read_all(direct);
  CHECK(a.size() > 40'000 * 20);
  CHECK(a == read_all(outcome->message));
}

TEST_CASE("a draws export cancelled mid-file leaves no file behind") {
  LiveSetup setup = paused_setup();
  setup.draw_capacity = 1u << 19;
  setup.running = true;
  LiveEngine engine(setup);
  const auto stored = [&] {
    std::size_t fewest = SIZE_MAX;
    for (const ChainSnapshot& chain : engine.snapshot()->chains)
      fewest = std::min(fewest, chain.stored_draws);
    return fewest;
  };
  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (stored() < 300'000 && std::chrono::steady_clock::now() < limit)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  engine.set_running(false);
  engine.wait_until_idle();
  REQUIRE(stored() >= 300'000);
  const fs::path dir = fresh_dir("draws_cancel");
  BackgroundJob job;
  job.start([&, snapshot = engine.snapshot()](JobControl& control) {
    return export_live_draws_csv(engine, snapshot, dir.string(), &control);
  });
  // Past the copies (the first 10 %), some rows written: cancel while the file is open.
  while (job.running() && job.progress() < 0.15) std::this_thread::yield();
  job.cancel();
  job.wait();
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK(outcome->cancelled);
  CHECK(fs::is_empty(dir));  // neither draws.csv nor the temporary file
}

TEST_CASE("a draws export into an unwritable folder fails with a message") {
  LiveEngine engine(paused_setup());
  step(engine, 10);
  const fs::path file = fresh_dir("draws_bad") / "not_a_folder";
  std::ofstream(file) << "x";
  BackgroundJob job;
  job.start([&, snapshot = engine.snapshot()](JobControl& control) {
    return export_live_draws_csv(engine, snapshot, (file / "sub").string(), &control);
  });
  job.wait();
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK_FALSE(outcome->ok);
  CHECK(outcome->message.find("cannot write to") != std::string::npos);
  CHECK(outcome->message.find('\n') == std::string::npos);
}

TEST_CASE("a session saved from a background job is byte-identical to the synchronous one") {
  const Scenario base = load_scenario("default");
  LiveSetup setup = live_setup_from_scenario(base);
  setup.running = false;
  setup.draw_capacity = 4096;
  LiveEngine engine(setup);
  step(engine, 37);
  engine.set_chain_params(2, {{"step_size", 0.05}, {"friction", 2}, {"noise_var", 4}});
  step(engine, 23);
  const fs::path dir = fresh_dir("session");

  // Before the jobs: the text the dialog wrote on the UI thread.
  const std::string before = scenario_to_json(scenario_with_session(base, engine.session_state()));
  const std::string direct = save_session_file(base, engine, (dir / "lesson.json").string());
  BackgroundJob job;
  job.start(
      [&](JobControl&) { return save_session_file(base, engine, (dir / "lesson.json").string()); });
  job.wait();
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  REQUIRE(outcome->ok);
  CHECK(direct == (dir / "lesson.json").string());
  CHECK(outcome->message == (dir / "lesson-2.json").string());
  CHECK(read_all(direct) == before);
  CHECK(read_all(outcome->message) == before);
}
