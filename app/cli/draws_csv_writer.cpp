#include "app/cli/draws_csv_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "app/cli/csv_cells.hpp"
#include "app/cli/sampler_labels.hpp"
#include "core/util/error.hpp"

namespace sgl {

using csv::fail;
using csv::put_number;

namespace {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void write_draws_csv(const Session& session, const std::string& path) {
  const std::vector<std::string> labels = sampler_labels(session.spec());
  std::vector<DrawsCsvChain> chains;
  for (std::size_t c = 0; c < session.chains().size(); ++c) {
    chains.push_back({labels.at(session.chain_sampler_position().at(c)),
                      session.chain_index_within_sampler().at(c), &session.chains()[c]->draws(),
                      &session.chains()[c]->channels()});
  }
  write_draws_csv(session.target().coordinate_names(), chains, path);
}

void write_draws_csv(const std::vector<std::string>& coordinate_names,
                     const std::vector<DrawsCsvChain>& chains, const std::string& path,
                     const DrawsCsvProgress& on_rows) {
  FilePtr file(std::fopen(path.c_str(), "w"));
  if (!file) fail(path, errno);
  // A large buffer: long runs write millions of rows.
  std::setvbuf(file.get(), nullptr, _IOFBF, 1 << 20);

  std::string header = "sampler,chain,iter";
  for (const std::string& name : coordinate_names) {
    header += ',';
    header += csv_field(name);
  }
  header += ",potential,hamiltonian,accepted,divergent";
  // The channel columns every chain's sampler declared (e.g. `sign`, s = ±1, the weight of the
  // draw in E[ψ] = Σψs/Σs); other samplers' rows get the declared stand-in so each column is
  // numeric throughout.
  std::vector<const ChannelDescriptor*> columns;
  for (const DrawsCsvChain& chain : chains) {
    if (chain.channels == nullptr) continue;
    for (const ChannelDescriptor& channel : *chain.channels) {
      if (channel.kind != ChannelKind::PerDraw || channel.csv_column.empty()) continue;
      if (std::none_of(columns.begin(), columns.end(), [&](const ChannelDescriptor* column) {
            return column->csv_column == channel.csv_column;
          }))
        columns.push_back(&channel);
    }
  }
  for (const ChannelDescriptor* column : columns) {
    header += ',';
    header += csv_field(column->csv_column);
  }
  header += "\n";
  std::fputs(header.c_str(), file.get());

  std::size_t total_rows = 0;
  for (const DrawsCsvChain& chain : chains) total_rows += chain.draws->size();
  std::size_t rows_written = 0;
  constexpr std::size_t kRowsPerReport = 4096;  // a cheap call per 4096 rows of ~200 bytes

  for (const DrawsCsvChain& chain : chains) {
    const std::string label = csv_field(chain.sampler);
    const DrawStore& draws = *chain.draws;
    // Per column: this chain's per-draw value index, or −1 where its sampler lacks the channel.
    std::vector<int> slots(columns.size(), -1);
    for (std::size_t k = 0; k < columns.size() && chain.channels != nullptr; ++k)
      for (std::size_t c = 0; c < chain.channels->size(); ++c)
        if ((*chain.channels)[c].kind == ChannelKind::PerDraw &&
            (*chain.channels)[c].csv_column == columns[k]->csv_column)
          slots[k] = per_draw_slot(*chain.channels, c);
    for (std::size_t i = 0; i < draws.size(); ++i) {
      std::fprintf(file.get(), "%s,%d,%" PRIu64, label.c_str(), chain.chain,
                   static_cast<std::uint64_t>(draws.iteration(i)));
      for (int coord = 0; coord < draws.dim(); ++coord)
        put_number(file.get(), draws.theta(i, coord));
      put_number(file.get(), draws.potential(i));
      put_number(file.get(), draws.hamiltonian(i));
      std::fprintf(file.get(), ",%d,%d", draws.accepted(i) ? 1 : 0, draws.divergent(i) ? 1 : 0);
      for (std::size_t k = 0; k < columns.size(); ++k)
        put_number(file.get(), slots[k] >= 0 ? draws.channel(i, slots[k]) : columns[k]->csv_absent);
      std::fputc('\n', file.get());
      if (on_rows && ++rows_written % kRowsPerReport == 0) on_rows(rows_written, total_rows);
    }
    if (std::ferror(file.get())) fail(path, errno != 0 ? errno : EIO);
  }
  // fclose flushes: a full disk shows up here, not earlier.
  if (std::fflush(file.get()) != 0 || std::ferror(file.get())) fail(path, errno != 0 ? errno : EIO);
  std::FILE* raw = file.release();
  if (std::fclose(raw) != 0) fail(path, errno);
}

}  // namespace sgl
