#!/usr/bin/env bash
# The Predictive panel of the Bayesian-neural-network presets (bnn-regression, bnn-moons) and of
# a three-class network on two inputs, at 1280x720 and 1600x1000: it takes the lecture layout's main slot, its plot is drawn with a data
# area of at least 500x350, and the screenshot shows plot content there (the chains' bands in
# saturated colours, or the probability map's colours); in the dashboard it takes the first tile.
# Usage: predictive_test.sh SGMCMC_LAB CHECK_RECT WORK_DIR
set -euo pipefail
exe=$(realpath "$1") check_rect=$(realpath "$2") work=$3
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  rm -rf "$work" && mkdir -p "$work"
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Three classes on two inputs (spiral arms), drawn as a map of the most probable class.
cat > "$work/spirals.json" <<'JSON'
{"format": 1, "name": "spirals",
 "target": {"id": "mlp", "params": {"likelihood": "categorical", "hidden": 6, "hidden2": 4,
                                    "activation": "relu", "n": 90}},
 "seed": 1, "steps": 100000, "speed": 0,
 "chains": [{"label": "SGHMC", "sampler": "sghmc",
             "params": {"step_size": 0.01, "friction": 10, "batch_size": 10}}],
 "layout": {"mode": "lecture", "panels": ["predictive", "trace"]}}
JSON
for preset in bnn-regression bnn-moons "$work/spirals.json"; do
  for size in 1280x720 1600x1000; do
    run="$work/$(basename "$preset" .json)-$size"
    "$exe" gui --scenario "$preset" --size "$size" --frames 200 --status-file "$run.status" \
      --screenshot "$run.png" > "$run.log" 2>&1 ||
      { fail "$preset at $size: the app exited non-zero"; cat "$run.log"; continue; }
    grep -q '^text layout/main Predictive$' "$run.status" ||
      fail "$preset at $size: the Predictive panel is not the main panel"
    read -r x y w h < <(awk '$1 == "rect" && $2 == "plot/Predictive/0" { print $3, $4, $5, $6 }' \
      "$run.status") || true
    if [[ -z "${w:-}" ]]; then
      fail "$preset at $size: the Predictive plot was never drawn"
      continue
    fi
    echo "$preset at $size: Predictive data area ${w}x${h}"
    awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 500 && h >= 350) }' ||
      fail "$preset at $size: data area ${w}x${h} < 500x350"
    # Regression: the chains' coloured bands; spirals: the class colours. Moons: the map's light-slate end (P(y = 1) near 1,
    # rgb 107 128 168 in the default colours) over a sizeable part of the area.
    if [[ $preset == bnn-moons ]]; then what=(107 128 168); else what=(drawn); fi
    "$check_rect" "$run.png" "${x%.*}" "${y%.*}" "${w%.*}" "${h%.*}" "${what[@]}" ||
      fail "$preset at $size: nothing drawn in the Predictive data area"
  done
done
# The dashboard ("every panel") keeps the lesson's picture: Predictive takes the first tile.
run="$work/bnn-moons-dashboard"
"$exe" gui --scenario bnn-moons --layout dashboard --size 1280x720 --frames 150 \
  --status-file "$run.status" > "$run.log" 2>&1 || fail "bnn-moons dashboard: the app exited non-zero"
grep -q '^rect plot/Predictive/0 ' "$run.status" ||
  fail "bnn-moons dashboard: no Predictive plot (the dashboard lost the lesson's panel)"
[[ $failures == 0 ]] && echo "predictive test: all checks passed"
exit $((failures > 0))
