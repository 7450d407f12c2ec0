#!/usr/bin/env bash
# The Gradient noise panel opens from a lecture layout at 1280×720 and draws its plot: the plot
# appears only once the measurement (run off the UI thread) has finished, so a recorded plot
# rectangle means the cloud and its read-out were drawn. It is not on the dashboard (opt-in).
# Usage: gradient_noise_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
cat > "$work/scenario.json" <<'JSON'
{
  "format": 1,
  "name": "gradient-noise-test",
  "target": {"id": "chen-doublewell"},
  "seed": 3,
  "steps": 100000,
  "speed": 1000,
  "chains": [
    {"label": "C = B̂ = 0.2", "sampler": "sghmc",
     "params": {"step_size": 0.1, "friction": 0.2, "noise_estimate": 0.2, "noise_var": 4}}
  ],
  "layout": {"mode": "lecture", "panels": ["gradient_noise", "phase_space"]}
}
JSON
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

xvfb-run -a -s "-screen 0 1280x720x24" "$exe" gui --scenario "$work/scenario.json" \
  --size 1280x720 --frames 120 --status-file "$work/lecture.status" > "$work/lecture.log" 2>&1 ||
  { fail "lecture: the app exited non-zero"; cat "$work/lecture.log"; }
read -r w h < <(awk '$1 == "rect" && $2 == "plot/Gradient_noise/0" { print $5, $6 }' \
  "$work/lecture.status") || true
if [[ -z "${w:-}" ]]; then
  fail "the Gradient noise plot was never drawn"
else
  awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 500 && h >= 250) }' ||
    fail "Gradient noise plot ${w}x${h} < 500x250 at 1280x720"
  echo "Gradient noise plot at 1280x720: ${w}x${h}"
fi

xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --scenario "$work/scenario.json" \
  --layout dashboard --size 1600x1000 --frames 40 --status-file "$work/dashboard.status" \
  > "$work/dashboard.log" 2>&1 || { fail "dashboard: the app exited non-zero"; cat "$work/dashboard.log"; }
if grep -q '^rect panel/Gradient noise ' "$work/dashboard.status"; then
  fail "the Gradient noise panel is on the dashboard (it is opt-in)"
fi
[[ $failures -eq 0 ]] || exit 1
echo "gradient noise test passed"
