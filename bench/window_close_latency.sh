#!/usr/bin/env bash
# Window-close latency (issue 26): how long `sgmcmc-lab gui` takes to exit after SIGTERM (which
# closes the window as its close button does) while it replays a session saved after 10^12 steps,
# and while it runs an ensemble of 10^15 steps. Goal: at most 1 s.
# Usage: bench/window_close_latency.sh [SGMCMC_LAB] [REPEATS]   (needs xvfb-run)
set -euo pipefail
exe=${1:-build/sgmcmc-lab} repeats=${2:-5}
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$exe" "$repeats"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state"
cat >"$work/session.json" <<'JSON'
{"name": "long", "target": {"id": "gauss2d"},
 "chains": [{"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.05}}],
 "session": {"chains": [{"id": 0, "label": "SGLD", "sampler": "sgld",
   "params": {"step_size": 0.05}, "steps": 1000000000000}]}}
JSON
cat >"$work/ensemble.json" <<'JSON'
{"name": "endless", "target": {"id": "gauss2d"},
 "chains": [{"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.05}}],
 "ensemble": {"chains": 1, "steps": 1000000000000000, "checkpoints": 2}}
JSON
for what in session ensemble; do
  times=()
  for _ in $(seq "$repeats"); do
    "$exe" gui --size 1280x720 --scenario "$work/$what.json" >"$work/log" 2>&1 &
    app=$!
    sleep 3
    start=$(date +%s%N)
    kill -TERM "$app"
    (sleep 10; kill -9 "$app" 2>/dev/null) & watchdog=$!
    code=0; wait "$app" || code=$?
    kill "$watchdog" 2>/dev/null || true
    times+=("$((($(date +%s%N) - start) / 1000000)) ms (exit $code)")
  done
  echo "closed while running the $what: ${times[*]}"
done
