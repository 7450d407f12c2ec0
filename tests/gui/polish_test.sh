#!/usr/bin/env bash
# Text, look and exports a newcomer reported, read from the window's --status-file and pixels:
#  1. no probed text box sticks out of its panel, for every preset in both layouts at 1280x720
#     (notes, the metrics cards' names, the R-hat advice); the hmcecs-logistic lecture cards name
#     each chain in full ("signed HMC-ECS", not "signed HM…");
#  1b. the metrics cards of a preset name the same figures for every chain;
#  2. the legend says a state once: "HMC ε = 0.7 (unstable)" gets no second "unstable";
#  3. chen-fig2's "exact" chain (naive SGHMC without gradient noise) is not called biased;
#  4. a 2-D target's phase-space panel has no "H levels ... 1-D only" note;
#  5. the Energy panel of teach-step-size (divergences every few steps) is not flooded red;
#  6. under slow motion the other chains fade in the Target view, and the slowed one does not;
#  7. a divergent path played in slow motion (HMC at ε = 1.2 on the double well) is marked where
#     it leaves the plot ("the path left the plot", a dark box inside the plot, clear of the H
#     read-out): it used to vanish after two leapfrog steps with nothing on screen;
#  8. teach-friction's frictionless chain, once stopped and left out of the axes, is named where
#     it ran off in Phase space and Energy (it used to vanish from both mid-lesson); and at
#     1280x720 the lecture Metrics cards give a figure beside the draws' kind (they showed only
#     "draws are exact").
# Usage: polish_test.sh SGMCMC_LAB CHECK_RECT WORK_DIR
set -euo pipefail
exe=$1 check_rect=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# run NAME ARGS...: 1280x720 unless ARGS say otherwise; status in $work/NAME.txt.
run() {
  local name=$1; shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --size 1280x720 --status-file \
    "$work/$name.txt" --screenshot "$work/$name.png" "$@" > "$work/$name.log" 2>&1 ||
    { cat "$work/$name.log"; fail "$name: the window failed"; }
}
text_in() { awk -v key="$2" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$1"; }
rect_in() { awk -v key="$2" '$1 == "rect" && $2 == key { print $3, $4, $5, $6 }' "$1"; }

# Every "textbox/<panel>/<k>" inside "textclip/<panel>" (1 px of rounding allowed).
boxes_inside() {
  awk '$1 == "rect" && $2 ~ /^textclip\// { split($2, p, "/"); clip[p[2]] = $3 " " $4 " " $5 " " $6 }
       $1 == "rect" && $2 ~ /^textbox\// { box[$2] = $3 " " $4 " " $5 " " $6 }
       END {
         bad = 0
         for (name in box) {
           split(name, p, "/"); split(box[name], b, " "); split(clip[p[2]], c, " ")
           if (b[3] > 0 && (b[1] < c[1] - 1 || b[1] + b[3] > c[1] + c[3] + 1)) {
             print "  " name " [" box[name] "] outside " p[2] " [" clip[p[2]] "]"; bad = 1
           }
         }
         exit bad
       }' "$1"
}

presets=$("$exe" list scenarios 2>/dev/null | awk '/^[^ ]/ { print $1 }')
[[ -n "$presets" ]] || fail "no presets listed"
for preset in $presets; do
  for layout in lecture dashboard; do
    # nn-fashion (a command-line experiment: 60 000 images, six 79 510-parameter chains) takes
    # 30 s a window; its lecture layout is checked, its dashboard would only repeat the panels.
    [[ $preset == nn-fashion && $layout == dashboard ]] && continue
    run "$preset-$layout" --scenario "$preset" --layout "$layout" --frames 90
    boxes_inside "$work/$preset-$layout.txt" || fail "$preset ($layout): text outside its panel"
  done
done
boxes=$(cat "$work"/*-lecture.txt "$work"/*-dashboard.txt | grep -c '^rect textbox/' || true)
[[ $boxes -ge 20 ]] || fail "only $boxes text boxes probed over all presets"
echo "1. no probed text box outside its panel ($(echo $presets | wc -w) presets, both layouts)"

# Every lecture preset whose Metrics shows cards: each card names the same figures, at least one
# (each chain used to show its own best figures: "exact", "ESS 5", "TV 0.1").
cards=0
for preset in $presets; do
  fields=$(awk '$1 == "text" && $2 ~ /^metrics\/card_fields\// { $1 = ""; $2 = ""; print }' \
    "$work/$preset-lecture.txt" | sort -u)
  [[ -z "$fields" ]] && continue
  cards=$((cards + 1))
  [[ $(printf '%s\n' "$fields" | wc -l) == 1 && -n "${fields// /}" ]] ||
    fail "$preset (lecture): the metrics cards name different or no figures: $(echo $fields)"
done
[[ $cards -ge 2 ]] || fail "only $cards lecture presets show metrics cards"
echo "1b. metrics cards name the same figures on every card ($cards presets)"

status="$work/hmcecs-logistic-lecture.txt"
labels=$(awk '$1 == "text" && $2 ~ /^metrics\/label\// { print $2 }' "$status")
[[ -n "$labels" ]] || fail "hmcecs-logistic: no metrics labels probed"
for label in $labels; do
  id=${label##*/}
  full=$(text_in "$status" "metrics/label/$id") drawn=$(text_in "$status" "metrics/label_drawn/$id")
  [[ "$drawn" == "$full" ]] || fail "hmcecs-logistic card $id: '$drawn' for '$full'"
done
echo "   hmcecs-logistic lecture cards name every chain in full"

# 2. teach-step-size: chain 1 is labelled "HMC ε = 0.7 (unstable)" and turns unstable at once.
run step --scenario teach-step-size --layout lecture --frames 600  # >= 100 steps at 200 steps/s, however fast frames come
status="$work/step.txt"
[[ "$(text_in "$status" legend/1/status)" == unstable ]] ||
  fail "chain 1 is not unstable: $(text_in "$status" legend/1/status)"
drawn=$(text_in "$status" legend/1/drawn)
[[ $(grep -o unstable <<< "$drawn" | wc -l) -eq 1 ]] || fail "legend says '$drawn'"
echo "2. legend: '$drawn'"

# 5. Its Energy panel after hundreds of divergences: at most 6% of the plot tinted red.
energy=$(awk '$1 == "rect" && $2 ~ /^plot\/Energy/ { print $3, $4, $5, $6; exit }' "$status")
[[ -n "$energy" ]] || fail "no Energy plot in $status"
# shellcheck disable=SC2086
"$check_rect" "$work/step.png" $energy redtint 6 || fail "the Energy plot is flooded red"
echo "5. Energy plot not flooded by divergence marks"

# 3. chen-fig2 (dashboard: the Metrics table has a kind column).
run fig2 --scenario chen-fig2 --layout dashboard --frames 90
status="$work/fig2.txt"
exact=$(awk '$1 == "label" && $3 == "exact" { print $2 }' "$status")
kind=$(text_in "$status" "metrics/kind/$exact")
[[ -n "$kind" && "$kind" != biased* ]] || fail "chen-fig2's exact chain is '$kind'"
noisy=$(awk '$1 == "label" && $3 == "noisy" && NF == 3 { print $2 }' "$status")
[[ "$(text_in "$status" "metrics/kind/$noisy")" == biased* ]] || fail "the noisy chain is not biased"
echo "3. chen-fig2: exact chain '$kind', noisy chain biased"

# 4. A 2-D target's phase space says nothing about H levels.
run gauss --target gauss2d --layout dashboard --frames 60
note=$(text_in "$work/gauss.txt" phase_space/note)
[[ "$note" == none ]] || fail "phase space note on a 2-D target: '$note'"
echo "4. no H-levels note on a 2-D target"

# 6. Slow motion on chain 0: the others fade, chain 0 stays.
run slow --scenario teach-step-size --layout dashboard --slow-motion "HMC ε = 0.2" --frames 90
status="$work/slow.txt"
[[ "$(text_in "$status" target/chain/0)" == full ]] || fail "the slowed chain faded"
for id in 1 2 3; do
  [[ "$(text_in "$status" target/chain/$id)" == faded ]] || fail "chain $id did not fade"
done
run noslow --scenario teach-step-size --layout dashboard --frames 60
[[ "$(text_in "$work/noslow.txt" target/chain/1)" == full ]] || fail "chain 1 faded without slow motion"
echo "6. slow motion fades the other chains"

# 7. A divergent path: the status file (every 5 frames) reports the off-plot marker while the
#    path is out of the frame; that frame's box must be drawn inside the main panel.
status="$work/diverge.txt" snap="$work/diverge.snap"
frames_dir="$work/diverge-frames"
# The window writes its own pid (the shell execs it), so that killing it ends xvfb-run too:
# killing xvfb-run instead left the window running, and its load failed later window tests.
pidfile="$work/diverge.pid"
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c 'echo $$ > "$0"; exec "$@"' "$pidfile" \
  timeout 300 "$exe" gui --size 1280x720 --status-file "$status" \
  --sampler hmc:step_size=1.2,leapfrog_steps=20 --slow-motion HMC \
  --record-png-dir "$frames_dir" > "$work/diverge.log" 2>&1 &
runner=$!
for _ in $(seq 100); do [[ -s "$pidfile" ]] && break; sleep 0.1; done
app=$(cat "$pidfile")
trap 'kill $app 2>/dev/null || true' EXIT
found=0
for _ in $(seq 1200); do
  kill -0 "$app" 2>/dev/null || { cat "$work/diverge.log"; fail "diverge: the window exited"; }
  if [[ -f "$status" ]] && cp "$status" "$snap" 2>/dev/null &&
    grep -q '^rect slowmo/off_plot ' "$snap"; then
    found=1; break
  fi
  sleep 0.05
done
[[ $found == 1 ]] || fail "no off-plot marker while HMC's path diverged"
frame=$(awk '$1 == "frame" { print $2 }' "$snap")
png=$(printf '%s/frame-%05d.png' "$frames_dir" $((frame + 1)))
for _ in $(seq 100); do [[ -f "$png" ]] && break; sleep 0.1; done
kill "$app"; wait "$runner" 2>/dev/null || true
trap - EXIT
read -r x y w h < <(rect_in "$snap" slowmo/off_plot)
read -r rx ry rw rh < <(rect_in "$snap" slowmo/readout)
main=$(text_in "$snap" layout/main)
read -r px py pw ph < <(awk -v key="rect panel/$main " 'index($0, key) == 1 { print $(NF-3), $(NF-2), $(NF-1), $NF }' "$snap")
awk -v x="$x" -v y="$y" -v w="$w" -v h="$h" -v px="$px" -v py="$py" -v pw="$pw" -v ph="$ph" \
  'BEGIN { exit !(x >= px && y >= py && x + w <= px + pw && y + h <= py + ph) }' ||
  fail "the off-plot marker $x $y $w $h is not inside the main panel ($main: $px $py $pw $ph)"
awk -v x="$x" -v y="$y" -v w="$w" -v h="$h" -v rx="$rx" -v ry="$ry" -v rw="$rw" -v rh="$rh" \
  'BEGIN { exit (x < rx + rw && x + w > rx && y < ry + rh && y + h > ry) }' ||
  fail "the off-plot marker $x $y $w $h covers the read-out $rx $ry $rw $rh"
[[ -f "$png" ]] || fail "frame $frame was not recorded"
"$check_rect" "$png" "$x" "$y" "$w" "$h" readout || fail "the off-plot marker is not drawn"
echo "7. a divergent path is marked where it leaves the plot (frame $frame, $main)"

# 8. The preset's chains at full speed: the frictionless one stops within a second.
sed -e 's/"speed": [0-9]*/"speed": 0/' "$(dirname "$0")/../../assets/scenarios/teach-friction.json" \
  > "$work/friction.json"
run friction --scenario "$work/friction.json" --frames 600
status="$work/friction.txt"
grep -q '^chain 0 naive-sghmc .* stopped 1 ' "$status" || fail "the frictionless chain did not stop"
[[ "$(text_in "$status" phase_space/ran_off/0)" == "no friction (C = 0)" ]] ||
  fail "phase space does not name the stopped chain where it ran off"
grep -q '^rect plot/Energy' "$status" || fail "no Energy plot"
echo "8. the stopped frictionless chain is named where it ran off"
for id in 0 1 2 3; do
  fields=$(text_in "$work/teach-your-own-lecture.txt" "metrics/card_fields/$id")
  [[ "$fields" == *,* ]] || fail "teach-your-own's Metrics card $id names only '$fields'"
done
echo "   teach-your-own lecture cards at 1280x720: $fields"
echo "polish test passed"
