#!/usr/bin/env bash
# The custom target's text box (xdotool under Xvfb): the teach-your-own preset opens with its
# banana; typing an expression with a parse error shows the error (column and what was expected)
# while the chains keep the banana and keep stepping; a valid one waits ("press Enter to apply")
# however long the pause, and Enter applies it; Enter on an invalid one keeps the box (the next
# keys go into it, not to the window's shortcuts). With FRAMES
# and SCREENSHOT the last expression typed (EXPRESSION, default the invalid one) stays on screen
# for the screenshot.
# Usage: potential_test.sh SGMCMC_LAB WORK_DIR [FRAMES SCREENSHOT.png [EXPRESSION]]
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

status="$work/status.txt"
source "$(dirname "$0")/xdotool_lib.sh"
extra=()
[[ $# -ge 4 ]] && extra=(--frames "$3" --screenshot "$4")
"$exe" gui --scenario teach-your-own --size 1600x1000 --status-file "$status" "${extra[@]}" \
  > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

has_rect() { [[ -f "$status" ]] && grep -q "^rect $1 " "$status"; }
text_of() { awk -v key="$1" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' \
  "$status" 2>/dev/null; }
click_rect() {  # click_rect NAME: a left click in the middle of a probed rectangle
  local x y w h
  read -r x y w h < <(awk -v n="$1" '$1 == "rect" && $2 == n { print $3, $4, $5, $6 }' "$status")
  xdotool mousemove --window "$window" "$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w / 2 }')" \
    "$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')"
  sleep 0.2
  xdotool click 1
}
press() { xdotool keydown "$1"; sleep 0.1; xdotool keyup "$1"; sleep 0.05; }
type_expression() {  # replaces the box's text with $1
  replace_text target/potential potential/text "$1"
  xdotool mousemove --window "$window" 150 900  # no tooltip over the message
}

banana='0.5*x^2 + 2*(y - 0.5*x^2)^2'
wait_for "the potential box" has_rect target/potential
settled() { [[ "$(value frame)" -ge 30 ]]; }  # the first frames still move the panels
wait_for "the layout to settle" settled
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool windowfocus --sync "$window" || true
[[ "$(text_of potential/applied)" == "$banana" ]] || { echo "the preset's banana is not applied"; exit 1; }

invalid='(x y'
shows_error() { [[ "$(text_of potential/error)" == "potential, column 4: expected ')', got 'y'" ]]; }
for attempt in 1 2 3; do
  type_expression "$invalid"
  for _ in $(seq 50); do shows_error && break; sleep 0.1; done
  shows_error && break
  echo "the error is not shown yet (attempt $attempt): '$(text_of potential/error)'"
done
wait_for "the parse error under the box" shows_error
steps_before=$(value steps)
sleep 1.5
[[ "$(text_of potential/applied)" == "$banana" ]] || { echo "an invalid expression was applied"; exit 1; }
steps_after=$(value steps)
(( steps_after > steps_before )) || { echo "the chains stopped while the text was invalid"; exit 1; }
echo "invalid text: error shown, chains kept the banana ($steps_before -> $steps_after steps)"

# Typing with the pointer resting on the box: the grammar tooltip stays away (it covered the
# Target controls above the box while the newcomer typed).
click_rect target/potential
sleep 0.3
xdotool type --delay 30 -- "+"
sleep 0.6
if grep -q '^rect potential/tooltip ' "$status"; then
  echo "the grammar tooltip shows while typing"; exit 1
fi
press BackSpace
xdotool mousemove --window "$window" 150 900
echo "no grammar tooltip while typing"

# Enter on the invalid text keeps the box: the next keys go into it, not to the window's
# shortcuts (an 's' typed to fix the text started slow motion, newcomer run 9).
click_rect target/potential
sleep 0.3
press Return
sleep 0.5
xdotool type --delay 30 -- "s"
sleep 0.6
[[ "$(text_of potential/text)" == *s* ]] || {
  echo "after Enter on an invalid expression, 's' did not reach the box ('$(text_of potential/text)')"; exit 1; }
press BackSpace
xdotool mousemove --window "$window" 150 900
echo "Enter on invalid text keeps the box: '$(text_of potential/text)'"

if [[ $# -ge 5 ]]; then
  wanted=$5
  type_expression "$wanted"
  press Return
  applied() { [[ "$(text_of potential/applied)" == "$wanted" ]]; }
  wait_for "the typed expression to be applied" applied
  echo "applied: $wanted"
fi
if [[ $# -ge 4 ]]; then
  wait $app; trap - EXIT; echo "screenshot written"; exit 0
fi

valid='x^4 - 2*x^2 + 0.5*y^2'
type_expression "$valid"
# A pause in typing applies nothing: half-typed expressions that parsed used to run.
sleep 1.5
[[ "$(text_of potential/applied)" == "$banana" ]] || {
  echo "a typed expression was applied without Enter: $(text_of potential/applied)"; exit 1; }
[[ "$(text_of potential/pending)" == "press Enter to apply" ]] || {
  echo "no 'press Enter to apply' under a valid unapplied expression"; exit 1; }
press Return
applied() { [[ "$(text_of potential/applied)" == "$valid" ]]; }
wait_for "the valid expression to be applied" applied
[[ -z "$(text_of potential/error)" ]] || { echo "an error is still shown"; exit 1; }
# The preset's note describes the banana: the Notes say that the target was retyped.
retyped() { [[ "$(text_of notes/retyped)" == "You typed U = $valid. The note below is about the preset's U = $banana." ]]; }
wait_for "the Notes to say the potential was retyped" retyped
echo "potential test passed"
