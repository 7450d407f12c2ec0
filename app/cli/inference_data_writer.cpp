#include "app/cli/inference_data_writer.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>

#include "app/cli/netcdf_file.hpp"
#include "app/cli/sampler_labels.hpp"
#include "core/targets/regression_data.hpp"

namespace sgl {
namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
constexpr std::int64_t kMissingCount = -1;  // _FillValue of tree_depth and n_steps

// ArviZ's created_at: datetime.utcnow().isoformat(), e.g. 2026-11-27T10:15:02.123456.
std::string created_at() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()) %
      std::chrono::seconds(1);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char fraction[16];
  std::snprintf(fraction, sizeof fraction, ".%06lld", static_cast<long long>(micros.count()));
  return std::string(text) + fraction;
}

std::string file_label(const std::string& label) {
  std::string name;
  for (const char c : label) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (c >= 'A' && c <= 'Z') {
      name += static_cast<char>(c - 'A' + 'a');
    } else {
      name += keep ? c : '-';
    }
  }
  return name;
}

// The chains of one sampler (its position in the run spec), by index within the sampler.
std::vector<const Chain*> sampler_chains(const Session& session, std::size_t position) {
  std::vector<const Chain*> chains;
  for (std::size_t c = 0; c < session.chains().size(); ++c)
    if (session.chain_sampler_position().at(c) == position)
      chains.push_back(session.chains()[c].get());
  return chains;
}

// A group's (chain, draw) layout and writers for its variables.
class SampleGroup {
 public:
  SampleGroup(NetcdfFile& file, int group, const std::vector<const Chain*>& chains,
              std::size_t draws)
      : file_(file), group_(group), chains_(chains), draws_(draws) {
    chain_dim_ = file.add_dimension(group, "chain", chains.size());
    draw_dim_ = file.add_dimension(group, "draw", draws);
    std::vector<std::int64_t> chain_values, draw_values;
    for (std::size_t c = 0; c < chains.size(); ++c) chain_values.push_back(std::int64_t(c));
    for (std::size_t d = 0; d < draws; ++d) draw_values.push_back(std::int64_t(d));
    file.put(group, file.add_int64_variable(group, "chain", {chain_dim_}), chain_values);
    file.put(group, file.add_int64_variable(group, "draw", {draw_dim_}), draw_values);
    taken_ = {"chain", "draw"};
  }

  // A float64 variable over (chain, draw); draws past a chain's end are NaN.
  template <typename Value>
  void add_double(const std::string& wanted, const Value& value) {
    std::vector<double> values(chains_.size() * draws_, kMissing);
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      const DrawStore& store = chains_[c]->draws();
      for (std::size_t d = 0; d < store.size() && d < draws_; ++d)
        values[c * draws_ + d] = value(*chains_[c], store, d);
    }
    file_.put(group_, file_.add_double_variable(group_, name(wanted), {chain_dim_, draw_dim_}),
              values);
  }

  // An int64 count over (chain, draw). Where a chain stopped early the rest are −1, declared as
  // the _FillValue (xarray then reads NaN, as float64); otherwise there is none, so that xarray
  // reads int64.
  template <typename Value>
  void add_count(const std::string& wanted, const Value& value) {
    std::vector<std::int64_t> values(chains_.size() * draws_, kMissingCount);
    bool padded = false;
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      const DrawStore& store = chains_[c]->draws();
      padded = padded || store.size() < draws_;
      for (std::size_t d = 0; d < store.size() && d < draws_; ++d)
        values[c * draws_ + d] = std::llround(value(*chains_[c], store, d));
    }
    const int variable = file_.add_int64_variable(group_, name(wanted), {chain_dim_, draw_dim_});
    if (padded) file_.set_int64(group_, variable, "_FillValue", kMissingCount);
    file_.put(group_, variable, values);
  }

  // A bool over (chain, draw), stored as xarray stores one: int8 with the attribute
  // dtype = "bool"; draws past a chain's end are false.
  template <typename Value>
  void add_bool(const std::string& wanted, const Value& value) {
    std::vector<signed char> values(chains_.size() * draws_, 0);
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      const DrawStore& store = chains_[c]->draws();
      for (std::size_t d = 0; d < store.size() && d < draws_; ++d)
        values[c * draws_ + d] = value(*chains_[c], store, d) ? 1 : 0;
    }
    const int variable = file_.add_byte_variable(group_, name(wanted), {chain_dim_, draw_dim_});
    file_.set_text(group_, variable, "dtype", "bool");
    file_.put(group_, variable, values);
  }

  // A float64 per chain, over (chain).
  template <typename Value>
  void add_per_chain(const std::string& wanted, const Value& value) {
    std::vector<double> values;
    for (const Chain* chain : chains_) values.push_back(value(*chain));
    file_.put(group_, file_.add_double_variable(group_, name(wanted), {chain_dim_}), values);
  }

  std::string name(const std::string& wanted) { return netcdf_name(wanted, taken_); }

 private:
  NetcdfFile& file_;
  int group_;
  const std::vector<const Chain*>& chains_;
  std::size_t draws_;
  int chain_dim_ = -1, draw_dim_ = -1;
  std::vector<std::string> taken_;
};

void set_provenance(NetcdfFile& file, int group, const std::string& stamp,
                    const std::string& version) {
  file.set_text(group, NetcdfFile::kGroupAttribute, "created_at", stamp);
  file.set_text(group, NetcdfFile::kGroupAttribute, "inference_library", "sgmcmc-lab");
  file.set_text(group, NetcdfFile::kGroupAttribute, "inference_library_version", version);
}

// The names ArviZ's convention gives NUTS's per-draw channels; the others keep their ids.
std::string sample_stat_name(const std::string& channel_id) {
  if (channel_id == "leapfrog_steps") return "n_steps";
  if (channel_id == "nuts_step_size") return "step_size";
  return channel_id;  // tree_depth is already ArviZ's name
}

bool is_count(const std::string& name) {
  return name == "tree_depth" || name == "n_steps";
}

void write_sample_stats(NetcdfFile& file, int group, const std::vector<const Chain*>& chains,
                        std::size_t draws) {
  SampleGroup stats(file, group, chains, draws);
  stats.add_double("lp",
                   [](const Chain&, const DrawStore& s, std::size_t d) { return -s.potential(d); });
  stats.add_bool("diverging",
                 [](const Chain&, const DrawStore& s, std::size_t d) { return s.divergent(d); });
  bool has_metropolis = false, has_momentum = false;
  for (const Chain* chain : chains) {
    has_metropolis = has_metropolis || chain->counters().mh_proposals > 0;
    const DrawStore& store = chain->draws();
    for (std::size_t d = 0; d < store.size() && !has_momentum; ++d)
      has_momentum = store.hamiltonian(d) != store.potential(d);
  }
  if (has_metropolis)
    stats.add_double("acceptance_rate", [](const Chain&, const DrawStore& s, std::size_t d) {
      return s.accepted(d) ? 1.0 : 0.0;
    });
  if (has_momentum)
    stats.add_double(
        "energy", [](const Chain&, const DrawStore& s, std::size_t d) { return s.hamiltonian(d); });

  const std::vector<ChannelDescriptor>& channels = chains.front()->channels();
  bool step_size_per_draw = false, n_steps_per_draw = false;
  for (std::size_t k = 0; k < channels.size(); ++k) {
    const ChannelDescriptor& channel = channels[k];
    if (channel.kind != ChannelKind::PerDraw) continue;
    const std::string name = sample_stat_name(channel.id);
    step_size_per_draw = step_size_per_draw || name == "step_size";
    n_steps_per_draw = n_steps_per_draw || name == "n_steps";
    const int slot = per_draw_slot(channels, k);
    const auto value = [slot](const Chain&, const DrawStore& s, std::size_t d) {
      return s.channel(d, slot);
    };
    if (is_count(name)) {
      stats.add_count(name, value);
    } else {
      stats.add_double(name, value);
    }
  }
  // Fixed by the parameters: the same value on every draw of a chain.
  const ParamValues params = chains.front()->full_params();
  const auto parameter = [](const std::string& key) {
    return [key](const Chain& chain, const DrawStore&, std::size_t) {
      return chain.full_params().at(key);
    };
  };
  if (!step_size_per_draw && params.count("step_size"))
    stats.add_double("step_size", parameter("step_size"));
  if (!n_steps_per_draw && params.count("leapfrog_steps"))
    stats.add_count("n_steps", parameter("leapfrog_steps"));
  // Rates and settings are tallies over each chain's sampling steps.
  for (std::size_t k = 0; k < channels.size(); ++k) {
    const ChannelDescriptor& channel = channels[k];
    if (channel.kind == ChannelKind::PerDraw || channel.summary_key.empty()) continue;
    stats.add_per_chain(channel.summary_key, [k](const Chain& chain) {
      return chain.sampling_counters().channels[k].mean();
    });
  }
}

// The response, named as in the data file (`y` for synthetic data), over <name>_dim_0 as ArviZ
// names a variable's own dimension.
void write_observed_data(NetcdfFile& file, int group, const RegressionTarget& target,
                         const std::string& response) {
  const Vec& y = target.data().y;
  std::vector<std::string> taken;
  const std::string name = netcdf_name(response.empty() ? "y" : response, taken);
  const std::string dim_name = netcdf_name(name + "_dim_0", taken);
  const int dim = file.add_dimension(group, dim_name, std::size_t(y.size()));
  std::vector<std::int64_t> index;
  for (Eigen::Index k = 0; k < y.size(); ++k) index.push_back(k);
  file.put(group, file.add_int64_variable(group, dim_name, {dim}), index);
  file.put(group, file.add_double_variable(group, name, {dim}),
           std::vector<double>(y.data(), y.data() + y.size()));
}

}  // namespace

std::vector<std::string> inference_data_file_names(const Session& session) {
  const std::vector<std::string> labels = sampler_labels(session.spec());
  if (labels.size() == 1) return {"draws.nc"};
  std::vector<std::string> names;
  for (const std::string& label : labels) names.push_back("draws-" + file_label(label) + ".nc");
  return names;
}

std::vector<std::string> write_inference_data(
    const Session& session, const std::string& version,
    const std::function<std::string(const std::string&)>& stage) {
  const std::vector<std::string> labels = sampler_labels(session.spec());
  const std::vector<std::string> names = inference_data_file_names(session);
  const std::string stamp = created_at();
  const auto* regression = dynamic_cast<const RegressionTarget*>(&session.target());
  std::vector<std::string> written;
  for (std::size_t s = 0; s < labels.size(); ++s) {
    const std::vector<const Chain*> chains = sampler_chains(session, s);
    std::size_t draws = 0;
    for (const Chain* chain : chains) draws = std::max(draws, chain->draws().size());
    if (chains.empty() || draws == 0) {
      std::fprintf(stderr, "note: %s recorded no draws: no %s written\n", labels[s].c_str(),
                   names[s].c_str());
      continue;
    }
    NetcdfFile file(stage(names[s]));
    set_provenance(file, file.root(), stamp, version);
    file.set_text(file.root(), NetcdfFile::kGroupAttribute, "sampler", labels[s]);
    file.set_text(file.root(), NetcdfFile::kGroupAttribute, "target", session.spec().target.id);

    const int posterior = file.add_group(file.root(), "posterior");
    set_provenance(file, posterior, stamp, version);
    SampleGroup coordinates(file, posterior, chains, draws);
    const std::vector<std::string> coordinate_names = session.target().coordinate_names();
    for (std::size_t k = 0; k < coordinate_names.size(); ++k) {
      const int coordinate = static_cast<int>(k);
      coordinates.add_double(coordinate_names[k],
                             [coordinate](const Chain&, const DrawStore& s, std::size_t d) {
                               return s.theta(d, coordinate);
                             });
    }

    const int sample_stats = file.add_group(file.root(), "sample_stats");
    set_provenance(file, sample_stats, stamp, version);
    write_sample_stats(file, sample_stats, chains, draws);

    if (regression != nullptr) {
      const int observed = file.add_group(file.root(), "observed_data");
      set_provenance(file, observed, stamp, version);
      write_observed_data(file, observed, *regression, session.spec().target.response);
    }
    file.close();
    written.push_back(names[s]);
    for (const Chain* chain : chains)
      if (chain->draws().size() < draws)
        std::fprintf(stderr,
                     "note: %s: a chain of %s stopped after %zu of %zu draws; the rest are NaN\n",
                     names[s].c_str(), labels[s].c_str(), chain->draws().size(), draws);
  }
  return written;
}

}  // namespace sgl
