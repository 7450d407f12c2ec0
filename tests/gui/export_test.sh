#!/usr/bin/env bash
# Exports under Xvfb through the same code as File > Export (gui --export DIR):
#  1. every panel as PNG (size of the panel, drawn content) and as SVG (xmllint --noout), the
#     window as PNG (1600×1000) and the draws as CSV (run's header); a plot panel's PNG is a
#     clean figure: no title bar or widgets on its top rows, and a key in the chains' colours;
#  2. exporting again into the same folder keeps every first file byte for byte and writes
#     numbered ones (trace-2.svg, window-2.png, draws-2.csv);
#  3. an unwritable folder is reported (exit code 2, "export failed" on stderr), not a crash;
#  4. in the lecture layout only the panels on screen are exported, and --export-panel naming a
#     closed panel is refused with one line and exit code 2 (it used to write another panel's
#     pixels under the closed panel's name).
# Usage: export_test.sh SGMCMC_LAB CHECK_PNG WORK_DIR
set -euo pipefail
exe=$1 check_png=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
run_gui() { xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout dashboard --frames 40 "$@"; }
fail() { echo "FAIL: $*"; exit 1; }

out="$work/exports"
run_gui --export "$out" > "$work/first.log" 2>&1 || { cat "$work/first.log"; fail "first export"; }
views=(target phase_space histogram autocorrelation energy trace)
for view in "${views[@]}"; do
  "$check_png" "$out/$view.png" || fail "$view.png"
  xmllint --noout "$out/$view.svg" || fail "$view.svg is not valid XML"
  xmllint --noout "$out/${view}_panel.svg" || fail "${view}_panel.svg is not valid XML"
  grep -q 'viewBox=' "$out/$view.svg" || fail "$view.svg has no viewBox"
done
# A clean figure with a key: every chain in the trace, histogram and autocorrelation keys.
for view in "${views[@]}"; do
  case $view in trace | histogram | autocorrelation) chains=4 ;; *) chains=1 ;; esac
  "$check_png" "$out/$view.png" --figure $chains || fail "$view.png is not a clean figure with a key"
done
# A plot panel's PNG is a slide-sized figure, whatever the panel's size on screen (a dashboard
# tile made a 282x285 thumbnail): at least 1000x700 px, the panel's shape kept within 4:5 to 2:1.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'; }
for view in "${views[@]}"; do
  read -r png_w png_h < <(png_size "$out/$view.png")
  [[ $png_w -ge 1000 && $png_h -ge 700 ]] || fail "$view.png is ${png_w}x${png_h}, not a slide-sized figure"
done
# The SVG keeps a 2-D Target view's density shading, smooth as on screen: one embedded PNG under
# the contour lines (it was thousands of flat cells, blocky when zoomed), and the file stays small.
run_gui --target gauss2d --export "$work/gauss" --export-panel target > "$work/gauss.log" 2>&1 ||
  { cat "$work/gauss.log"; fail "gauss2d export"; }
images=$(grep -c '<image[^>]*href="data:image/png;base64,' "$work/gauss/target.svg" || true)
[[ $images -eq 1 ]] || fail "gauss2d target.svg has $images embedded density images, expected 1"
svg_bytes=$(stat -c %s "$work/gauss/target.svg")
[[ $svg_bytes -le $((2 * 1024 * 1024)) ]] || fail "gauss2d target.svg is $svg_bytes bytes (> 2 MB)"
"$check_png" "$out/metrics.png" || fail "metrics.png"
"$check_png" "$out/controls.png" || fail "controls.png"
"$check_png" "$out/window.png" 1600 1000 || fail "window.png"
head -1 "$out/draws.csv" | grep -qx 'sampler,chain,iter,theta,potential,hamiltonian,accepted,divergent' \
  || fail "draws.csv header: $(head -1 "$out/draws.csv")"
[[ $(wc -l < "$out/draws.csv") -gt 100 ]] || fail "draws.csv has too few rows"
ls "$out" | grep -q 'tmp' && fail "temporary files left in $out: $(ls "$out")"

(cd "$out" && sha256sum -- * > "$work/first.sha256")
run_gui --export "$out" > "$work/second.log" 2>&1 || { cat "$work/second.log"; fail "second export"; }
(cd "$out" && sha256sum --check --quiet "$work/first.sha256") || fail "a first export was overwritten"
for name in trace-2.svg trace-2.png window-2.png draws-2.csv metrics-2.png; do
  [[ -s "$out/$name" ]] || fail "second export did not write $name"
done

blocker="$work/not_a_folder"
echo "a file" > "$blocker"
status=0
run_gui --export "$blocker/exports" > "$work/unwritable.log" 2>&1 || status=$?
[[ $status -eq 2 ]] || { cat "$work/unwritable.log"; fail "unwritable folder: exit code $status, expected 2"; }
grep -q 'export failed: cannot write to' "$work/unwritable.log" || { cat "$work/unwritable.log"; fail "no error message"; }
run_lecture() { xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout lecture --frames 40 "$@"; }
lecture="$work/lecture"
run_lecture --export "$lecture" > "$work/lecture.log" 2>&1 ||
  { cat "$work/lecture.log"; fail "lecture export"; }
"$check_png" "$lecture/histogram.png" --figure 4 || fail "lecture histogram.png"
[[ -e "$lecture/energy.png" ]] && fail "lecture: energy.png written though Energy is not shown"
status=0
run_lecture --export "$work/closed" --export-panel energy > "$work/closed.log" 2>&1 ||
  status=$?
[[ $status -eq 2 ]] || { cat "$work/closed.log"; fail "closed panel: exit code $status, expected 2"; }
[[ $(wc -l < "$work/closed.log") -eq 1 ]] || { cat "$work/closed.log"; fail "closed panel: not one line"; }
grep -q 'Energy is not shown' "$work/closed.log" || { cat "$work/closed.log"; fail "closed panel message"; }
[[ -z "$(ls -A "$work/closed" 2>/dev/null)" ]] || fail "closed panel: files written: $(ls "$work/closed")"
echo "export test passed"
