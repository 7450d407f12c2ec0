#!/usr/bin/python3
"""`run --format csv,netcdf` writes draws.nc that ArviZ reads, holding what draws.csv holds.

Each file is opened as arviz.from_netcdf opens one (ArviZ itself is not in Debian 12): the group
names from netCDF4.Dataset(path).groups, then xarray.open_dataset(path, group=name) per group.
Dims, dtypes and attributes are checked against ArviZ's InferenceData schema, and every value
against draws.csv (written with 17 significant digits, so the comparison is exact).
Usage: check_inference_data.py SGMCMC_LAB VERSION WORK_DIR
"""
import csv
import datetime
import json
import os
import shutil
import subprocess
import sys

import netCDF4
import numpy as np
import xarray as xr

exe, version, work = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(*args, expect=0):
    result = subprocess.run([exe, "run", "--quiet", *args], capture_output=True, text=True)
    check(result.returncode == expect,
          f"run {' '.join(args)}: exit {result.returncode}, stderr: {result.stderr.strip()}")
    return result


def open_like_arviz(path):
    with netCDF4.Dataset(path, mode="r") as handle:
        groups = list(handle.groups)
        root_attrs = dict(handle.__dict__)
    return root_attrs, {name: xr.open_dataset(path, group=name).load() for name in groups}


def read_csv(path):
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    return rows


def check_provenance(attrs, where):
    check(attrs.get("inference_library") == "sgmcmc-lab", f"{where}: inference_library")
    check(attrs.get("inference_library_version") == version, f"{where}: inference_library_version")
    try:
        datetime.datetime.fromisoformat(attrs.get("created_at", ""))
    except ValueError:
        check(False, f"{where}: created_at {attrs.get('created_at')!r} is not ISO 8601")


def check_against_csv(path, sampler, rows, coordinates, expect_stats, observed=None):
    root_attrs, groups = open_like_arviz(path)
    name = os.path.basename(path)
    expected_groups = ["posterior", "sample_stats"] + (["observed_data"] if observed else [])
    check(list(groups) == expected_groups, f"{name}: groups {list(groups)}")
    check_provenance(root_attrs, name)
    mine = [row for row in rows if row["sampler"] == sampler]
    chains = sorted({int(row["chain"]) for row in mine})
    draws = len(mine) // len(chains)
    posterior, stats = groups["posterior"], groups["sample_stats"]
    for group_name, group in groups.items():
        check_provenance(group.attrs, f"{name}/{group_name}")
    for group in (posterior, stats):
        check(dict(group.sizes) == {"chain": len(chains), "draw": draws},
              f"{name}: sizes {dict(group.sizes)}")
        check(group["chain"].dtype == np.int64 and list(group["chain"].values) == chains,
              f"{name}: chain coordinate")
        check(group["draw"].dtype == np.int64 and list(group["draw"].values) == list(range(draws)),
              f"{name}: draw coordinate")
    check(sorted(posterior.data_vars) == sorted(coordinates), f"{name}: posterior variables")
    for coordinate in coordinates:
        variable = posterior[coordinate]
        check(variable.dims == ("chain", "draw") and variable.dtype == np.float64,
              f"{name}: posterior {coordinate} {variable.dims} {variable.dtype}")
    for stat, (dtype, column, transform) in expect_stats.items():
        check(stat in stats, f"{name}: sample_stats lacks {stat}")
        if stat not in stats:
            continue
        check(stats[stat].dims == ("chain", "draw") and stats[stat].dtype == dtype,
              f"{name}: {stat} {stats[stat].dims} {stats[stat].dtype}, expected {dtype}")
    for chain in chains:
        rows_of_chain = [row for row in mine if int(row["chain"]) == chain]
        for coordinate in coordinates:
            expected = np.array([float(row[coordinate]) for row in rows_of_chain])
            check(np.array_equal(posterior[coordinate].values[chain], expected),
                  f"{name}: {coordinate} of chain {chain} differs from draws.csv")
        for stat, (dtype, column, transform) in expect_stats.items():
            if stat not in stats or column is None:
                continue
            expected = np.array([transform(row[column]) for row in rows_of_chain])
            check(np.array_equal(stats[stat].values[chain], expected.astype(dtype)),
                  f"{name}: {stat} of chain {chain} differs from draws.csv's {column}")
    if observed:
        variable, values = observed
        data = groups["observed_data"]
        check(variable in data and data[variable].dims == (variable + "_dim_0",) and
              data[variable].dtype == np.float64, f"{name}: observed_data {variable}")
        check(np.array_equal(data[variable].values, np.array(values)),
              f"{name}: observed_data differs from the data file")
    return groups


flag = lambda text: text == "1"
common = {
    "lp": (np.float64, "potential", lambda text: -float(text)),
    "diverging": (np.bool_, "divergent", flag),
}
metropolis = {"acceptance_rate": (np.float64, "accepted", lambda text: float(text))}
momentum = {"energy": (np.float64, "hamiltonian", float)}

# A regression with two samplers, two chains each: one file per sampler, observed_data.
data_csv = os.path.join(work, "data.csv")
with open(data_csv, "w") as handle:
    handle.write("dose,outcome\n")
    for k in range(40):
        handle.write(f"{(k % 7) * 0.5 - 1.5},{(k * 0.37) % 2.0 - 0.3:.3f}\n")
observed = [float(line.split(",")[1]) for line in open(data_csv).read().split("\n")[1:] if line]
out = os.path.join(work, "regression")
run("--model", "linear", "--data", data_csv, "--response", "outcome", "--sampler", "hmc",
    "--sampler", "nuts", "--chains", "2", "--steps", "150", "--burnin", "50", "--format",
    "csv,netcdf", "--out", out)
check(sorted(os.listdir(out)).count("draws.csv") == 1, "regression: no draws.csv")
for stray in ("draws.nc",):
    check(stray not in os.listdir(out), "two samplers must not write a single draws.nc")
rows = read_csv(os.path.join(out, "draws.csv"))
coordinates = ["intercept", "dose"]
hmc = check_against_csv(os.path.join(out, "draws-hmc.nc"), "hmc", rows, coordinates,
                        {**common, **metropolis, **momentum,
                         "step_size": (np.float64, None, None), "n_steps": (np.int64, None, None)},
                        observed=("outcome", observed))
params = json.load(open(os.path.join(out, "summary.json")))["samplers"][0]["params"]
check(bool((hmc["sample_stats"]["n_steps"].values == params["leapfrog_steps"]).all()),
      "hmc: n_steps is not its leapfrog_steps")
check(bool((hmc["sample_stats"]["step_size"].values == params["step_size"]).all()),
      "hmc: step_size is not its step_size")
nuts_stats = {**common, **metropolis, **momentum,
              "tree_depth": (np.int64, "treedepth", lambda text: int(float(text))),
              "n_steps": (np.int64, "n_leapfrog", lambda text: int(float(text))),
              "step_size": (np.float64, "stepsize", float)}
check_against_csv(os.path.join(out, "draws-nuts.nc"), "nuts", rows, coordinates, nuts_stats,
                  observed=("outcome", observed))

# One sampler: draws.nc, no observed_data on an analytic target, no energy without momentum.
out = os.path.join(work, "sgld")
run("--target", "gauss2d", "--sampler", "sgld", "--chains", "3", "--steps", "100", "--format",
    "csv,netcdf", "--out", out)
sgld = check_against_csv(os.path.join(out, "draws.nc"), "sgld", read_csv(os.path.join(out, "draws.csv")),
                         ["x", "y"], common)
check("energy" not in sgld["sample_stats"], "sgld has no momentum: no energy")

# HMC-ECS's subsample acceptance, a rate per chain.
out = os.path.join(work, "hmcecs")
run("--model", "logistic", "--synthetic", "n=200,d=1,seed=3", "--sampler", "hmcecs",
    "--chains", "2", "--steps", "60", "--format", "netcdf", "--out", out)
check(sorted(name for name in os.listdir(out) if name.startswith("draws")) == ["draws.nc"],
      f"--format netcdf alone: {sorted(os.listdir(out))}")
_, groups = open_like_arviz(os.path.join(out, "draws.nc"))
stats = groups["sample_stats"]
check("accept_rate_subsample" in stats and stats["accept_rate_subsample"].dims == ("chain",),
      "hmcecs: accept_rate_subsample over (chain)")
check("loglik_variance" in stats and stats["loglik_variance"].dims == ("chain", "draw"),
      "hmcecs: loglik_variance over (chain, draw)")
check(list(groups["observed_data"].data_vars) == ["y"], "synthetic data: observed_data y")

bad = run("--target", "gauss2d", "--sampler", "hmc", "--steps", "10", "--format", "parquet",
          "--out", os.path.join(work, "bad"), expect=2)
check(bad.stderr.count("\n") == 1 and "--format" in bad.stderr, f"--format parquet: {bad.stderr!r}")
check(not os.path.exists(os.path.join(work, "bad")), "--format parquet left an output directory")

print("check_inference_data:", "FAILED" if failures else "passed")
sys.exit(1 if failures else 0)
