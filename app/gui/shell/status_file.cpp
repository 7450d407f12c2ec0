#include "app/gui/shell/status_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "app/gui/shell/ui_probe.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

bool write_status_file(const std::string& path, const EngineSnapshot& snapshot, long frame,
                       float ui_scale, std::string& error) {
  std::ostringstream out;
  std::uint64_t total_steps = 0;
  for (const auto& chain : snapshot.chains) total_steps += chain.counters.steps;
  out << "frame " << frame << "\nrunning " << (snapshot.running ? 1 : 0) << "\nsteps "
      << total_steps << "\nscale " << ui_scale << "\n";
  for (const auto& chain : snapshot.chains) {
    const SamplerInfo* info = find_sampler_info(chain.sampler_id);
    out << "chain " << chain.id << " " << chain.sampler_id << " steps " << chain.counters.steps
        << " stopped " << (chain.stopped ? 1 : 0) << " held " << chain.stored_draws << " params "
        << (info ? format_param_list(chain.full_params, info->params) : "") << "\n";
  }
  for (const auto& chain : snapshot.chains)
    out << "label " << chain.id << " " << chain.label << "\n";
  for (const auto& [name, rect] : ui_probe::rects())
    out << "rect " << name << " " << rect.x << " " << rect.y << " " << rect.w << " " << rect.h
        << "\n";
  for (const auto& [name, text] : ui_probe::texts()) out << "text " << name << " " << text << "\n";

  // Write then rename, so a reader never sees half a file.
  const std::string temporary = path + ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "w");
  if (!file) {
    error = "cannot write status file " + temporary + ": " + std::strerror(errno);
    return false;
  }
  const std::string text = out.str();
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    error = "cannot write status file " + path + ": " + std::strerror(errno);
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace sgl
