#include "app/cli/live_draws_export.hpp"

#include <optional>
#include <vector>

#include "app/cli/draws_csv_writer.hpp"
#include "core/io/new_file.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/background_job.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Copying is fast next to formatting rows: it counts for this first share of the progress bar.
constexpr double kCopyShare = 0.1;

}  // namespace

// Each chain under its label (unique in a session), chain index 0: the label the legend, the
// metrics and the session file show is the one a CSV reader groups by.
std::string export_live_draws_csv(LiveEngine& engine,
                                  std::shared_ptr<const EngineSnapshot> snapshot,
                                  const std::string& folder, JobControl* control) {
  if (!snapshot || !snapshot->target) throw UserError("no target yet: nothing to export");
  if (snapshot->chains.empty()) throw UserError("no chains: nothing to export");
  std::vector<DrawStore> stores;
  stores.reserve(snapshot->chains.size());
  std::vector<DrawsCsvChain> chains;
  for (const ChainSnapshot& chain : snapshot->chains) {
    if (control != nullptr) control->check_cancelled();
    std::optional<DrawStore> draws = engine.copy_draws(chain.id);
    if (!draws) continue;  // removed meanwhile
    stores.push_back(std::move(*draws));
    chains.push_back({chain.label, 0, nullptr, &chain.channels});
    if (control != nullptr)
      control->set_progress(kCopyShare * static_cast<double>(chains.size()) /
                            static_cast<double>(snapshot->chains.size()));
  }
  for (std::size_t k = 0; k < chains.size(); ++k) chains[k].draws = &stores[k];
  const std::vector<std::string> names = snapshot->target->coordinate_names();
  DrawsCsvProgress on_rows;
  if (control != nullptr) {
    on_rows = [control](std::size_t written, std::size_t total) {
      control->check_cancelled();
      control->set_progress(kCopyShare + (1.0 - kCopyShare) * static_cast<double>(written) /
                                             static_cast<double>(total));
    };
  }
  std::string path = write_new_file(folder, "draws", "csv", [&](const std::string& temp_path) {
    write_draws_csv(names, chains, temp_path, on_rows);
  });
  if (control != nullptr) control->set_progress(1.0);
  return path;
}

}  // namespace sgl
