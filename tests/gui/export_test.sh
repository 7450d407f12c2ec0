#!/usr/bin/env bash
# Exports under Xvfb through the same code as File > Export (gui --export DIR):
#  1. every panel as PNG (size of the panel, drawn content) and as SVG (xmllint --noout), the
#     window as PNG (1600×1000) and the draws as CSV (run's header);
#  2. exporting again into the same folder keeps every first file byte for byte and writes
#     numbered ones (trace-2.svg, window-2.png, draws-2.csv);
#  3. an unwritable folder is reported (exit code 2, "export failed" on stderr), not a crash.
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
echo "export test passed"
