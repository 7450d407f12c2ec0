#!/usr/bin/env bash
# The UI thread never waits for a draws export (driven with real X input under Xvfb):
#  1. six chains at full speed until each has stored 10^6 draws;
#  2. File → Export → Draws as CSV: while the file is written (seconds), the window keeps
#     rendering frames (the status file's frame counter advances) and shows the job's progress
#     bar in the menu bar;
#  3. the file ends complete (every stored draw, one header) and no temporary file is left;
#  4. SIGTERM or Ctrl+C (which close the window as its close button does) during a second export exits
#     cleanly: the export is cancelled and leaves no partial file.
# Usage: offui_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$(realpath "$1") work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

cat > "$work/six.json" <<'JSON'
{
  "format": 1, "name": "six", "target": {"id": "chen-doublewell"}, "seed": 3, "speed": 0,
  "keep_draws": 1048576,
  "chains": [
    {"label": "a", "sampler": "sgld", "params": {"step_size": 0.05}},
    {"label": "b", "sampler": "sgld", "params": {"step_size": 0.04}},
    {"label": "c", "sampler": "sgld", "params": {"step_size": 0.03}},
    {"label": "d", "sampler": "sghmc", "params": {"step_size": 0.05}},
    {"label": "e", "sampler": "sghmc", "params": {"step_size": 0.04}},
    {"label": "f", "sampler": "sghmc", "params": {"step_size": 0.03}}
  ]
}
JSON

status="$work/status.txt"
cd "$work"  # File → Export's folder is ./exports
launch() {
  "$exe" gui --scenario six.json --layout dashboard --size 1600x1000 --status-file "$status" \
    > "$work/app.log" 2>&1 &
  app=$!
}
launch
trap 'kill $app 2>/dev/null || true; wait $app 2>/dev/null || true' EXIT

# shellcheck source=xdotool_lib.sh
source "$here/xdotool_lib.sh"
has_rect() { [[ -f "$status" && -n "$(rect_of "$1")" ]]; }
fewest_steps() { awk '$1 == "chain" { n = $5 + 0; if (min == "" || n < min) min = n } END { print min + 0 }' "$status"; }
filled() { [[ -f "$status" && "$(fewest_steps)" -ge 1100000 ]]; }
for _ in $(seq 12); do filled && break; sleep 5; done  # up to a minute on a loaded machine
wait_for "10^6 draws per chain" filled

window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool mousemove --window "$window" 800 500
xdotool windowfocus --sync "$window" || true
export_draws() {  # File → Export → Draws as CSV
  wait_for "File menu" has_rect menu/file
  click_rect menu/file
  wait_for "Export item" has_rect menu/export
  hover_rect menu/export; sleep 0.5
  wait_for "Draws as CSV item" has_rect export/draws_csv
  click_rect export/draws_csv
}
written() { [[ -s "exports/$1" ]]; }

export_draws
wait_for "the export's progress bar" has_rect job/draws_csv
first=$(value frame)
# Frames while the file is written: the window did not wait for it. Half a gigabyte of text
# takes seconds on a quiet machine, far longer on a loaded one.
for _ in $(seq 2400); do written draws.csv && break; sleep 0.1; done
written draws.csv || { echo "FAIL: no exports/draws.csv after 240 s"; cat "$work/app.log"; exit 1; }
last=$(value frame)
echo "frames rendered while draws.csv was written: $((last - first))"
[[ $((last - first)) -ge 10 ]] || { echo "FAIL: only $((last - first)) frames during the export"; exit 1; }
rows=$(wc -l < exports/draws.csv)
echo "draws.csv: $rows lines"
[[ "$rows" -ge 6000001 ]] || { echo "FAIL: draws.csv has $rows lines, expected every stored draw"; exit 1; }
head -1 exports/draws.csv | grep -qx 'sampler,chain,iter,theta,potential,hamiltonian,accepted,divergent' \
  || { echo "FAIL: header $(head -1 exports/draws.csv)"; exit 1; }
[[ $(grep -c '^sampler,' exports/draws.csv) -eq 1 ]] || { echo "FAIL: more than one header"; exit 1; }
tail -c 1 exports/draws.csv | od -c | grep -q '\\n' || { echo "FAIL: draws.csv ends mid-row"; exit 1; }
ls -A exports | grep -v '^draws\.csv$' && { echo "FAIL: other files left: $(ls -A exports)"; exit 1; }

# A second export, and the window closed while it runs: a clean exit, no half-written file.
export_draws
wait_for "the second export's progress bar" has_rect job/draws_csv
kill -TERM "$app"  # (SIGINT is ignored by a background job of a script)
code=0; wait "$app" || code=$?
[[ $code -eq 0 ]] || { echo "FAIL: exit $code on close"; cat "$work/app.log"; exit 1; }
grep -qiE 'segmentation|terminate called|abort' "$work/app.log" && { echo "FAIL: crash on close"; cat "$work/app.log"; exit 1; }
leftover=$(ls -A exports | grep -v '^draws\.csv$' || true)
[[ -z "$leftover" || "$leftover" == "draws-2.csv" ]] || { echo "FAIL: files left on close: $leftover"; exit 1; }
if [[ "$leftover" == "draws-2.csv" ]]; then  # finished before the close: then it is complete
  tail -c 1 exports/draws-2.csv | od -c | grep -q '\\n' || { echo "FAIL: draws-2.csv partial"; exit 1; }
fi
rm -rf "$work/exports"  # half a gigabyte
echo "PASS"
