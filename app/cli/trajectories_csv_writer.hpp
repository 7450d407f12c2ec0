// trajectories.csv (`run --record-trajectories`): every leapfrog point of the recorded
// iterations of every chain, so the paths can be plotted outside the app.
//   sampler,chain,iter,leapfrog,<coordinate names...>,r_<coordinate name>...,hamiltonian,accepted
// One row per point: L + 1 rows per iteration of an HMC-type sampler (leapfrog 0 = the start,
// after the momentum draw), 2 for SGHMC and naive SGHMC without MH (the state before and after
// the step). `accepted` is the iteration's MH outcome on all its rows (1 for samplers without
// MH). `sampler`, `chain` and `iter` match draws.csv: the iterations written are exactly the
// recorded draws (after burn-in, thinned), up to a cap per chain, so an accepted path ends at
// draws.csv's row with the same iter and a rejected one at its start. `hamiltonian` is the H
// the sampler's MH test uses: the estimate Ĥ for HMC-ECS (trajectory_observer.hpp). Numbers as
// in draws.csv (17 significant digits, NaN/Inf spelled out).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/samplers/trajectory_observer.hpp"

namespace sgl {

class TrajectoriesCsvFile {
 public:
  // Opens `path` and writes the header; throws UserError if it cannot.
  TrajectoriesCsvFile(const std::string& path, const std::vector<std::string>& coordinate_names);
  ~TrajectoriesCsvFile();
  TrajectoriesCsvFile(const TrajectoriesCsvFile&) = delete;
  TrajectoriesCsvFile& operator=(const TrajectoriesCsvFile&) = delete;

  // An observer for one chain: it writes the first `max_iterations` iterations that are
  // recorded draws (burn-in and thinning as the chain's store). It must be destroyed before
  // this file; chains must report one after another (rows are written per iteration).
  std::unique_ptr<TrajectoryObserver> chain_observer(const std::string& sampler_label, int chain,
                                                     std::uint64_t burnin, std::uint64_t thin,
                                                     std::uint64_t max_iterations);

  // Iterations left out by the caps so far (over all chains).
  std::uint64_t iterations_capped() const { return capped_; }

  // Flushes and closes; throws UserError if the file was not written completely.
  void close();

 private:
  friend class ChainTrajectoryWriter;
  std::string path_;
  std::FILE* file_ = nullptr;
  std::uint64_t capped_ = 0;
};

}  // namespace sgl
