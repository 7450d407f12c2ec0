#!/usr/bin/env bash
# Autosave and recovery, driven with real X input (xdotool) under Xvfb:
#  1. a chain renamed and a slider set by hand reach $XDG_STATE_HOME/sgmcmc-lab/recovery.json
#     within 10 s;
#  2. after kill -9 the file is still there; the next launch offers to restore it, and Restore
#     brings back the same chains, labels and parameters;
#  3. a normal close (SIGTERM closes the window as the close button does) removes the file;
#  4. `gui --restore` opens a session left by a killed window directly, and with nothing left
#     it exits 2 with one line.
# Usage: recovery_test.sh SGMCMC_LAB WORK_DIR (ctest sets XDG_STATE_HOME to a folder of its own)
set -euo pipefail
exe=$1 work=$2
export XDG_STATE_HOME="${XDG_STATE_HOME:-$work.state}"
saved="$XDG_STATE_HOME/sgmcmc-lab/recovery.json"
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
[[ -n "${SGL_INSIDE_XVFB:-}" ]] || rm -rf "$XDG_STATE_HOME/sgmcmc-lab"
start_window --layout dashboard --size 1600x1000
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled

press() { xdotool keydown "$1"; sleep 0.1; xdotool keyup "$1"; sleep 0.05; }
# type_into NAME TEXT: Ctrl+click (a slider then takes typed input) or click, select all, type.
type_into() {
  scroll_controls_to "$1"
  sleep 0.5  # the status file's rectangles lag a few frames behind a scroll
  scroll_controls_to "$1"
  [[ "${3:-}" == ctrl ]] && xdotool keydown ctrl
  click_rect "$1"
  [[ "${3:-}" == ctrl ]] && xdotool keyup ctrl
  sleep 0.2
  xdotool keydown ctrl; press a; xdotool keyup ctrl
  xdotool type --delay 30 "$2"
  press Return
}
chain_params() { awk '$1 == "chain" { for (i = 1; i <= NF; ++i) if ($i == "params") print $2, $3, $(i + 1) }' "$1"; }

# type_until CHECK NAME TEXT [ctrl]: type_into until CHECK holds. Under load a click can reach
# the window before the last field has let go of the keyboard: Escape, then try again.
type_until() {
  local check=$1; shift
  for attempt in 1 2 3; do
    type_into "$@"
    for _ in $(seq 50); do "$check" && return 0; sleep 0.1; done
    echo "'$2' not taken into $1 yet (attempt $attempt)"; press Escape
  done
  wait_for "$2 in $1" "$check"
}

# 1. Rename chain 0 and type a friction for chain 2 (SGHMC in the default scenario).
renamed() { grep -q '^label 0 Lecture HMC$' "$status"; }
type_until renamed chain0/label "Lecture HMC"
friction_set() { awk '$1 == "chain" && $2 == 2' "$status" | grep -q 'friction=2.5\b'; }
type_until friction_set chain2/friction 2.5 ctrl
changed_at=$(date +%s.%N)
autosaved() { [[ -f "$saved" ]] && grep -q 'Lecture HMC' "$saved" && grep -q '"friction": 2.5\b' "$saved"; }
wait_for "the autosave of both changes" autosaved
delay=$(awk -v a="$changed_at" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "autosaved ${delay} s after the change"
awk -v d="$delay" 'BEGIN { exit !(d <= 10) }' || { echo "autosave took over 10 s"; exit 1; }
cp "$status" "$work/before.txt"

# 2. kill -9: the file stays; the next window offers it and Restore brings it back.
kill -9 "$app"; wait "$app" 2>/dev/null || true
[[ -f "$saved" ]] || { echo "kill -9 lost the recovery file"; exit 1; }
"$exe" gui --layout dashboard --size 1600x1000 --status-file "$status" > "$work/app2.log" 2>&1 &
app=$!
offered() { [[ -n "$(rect_of restore/restore)" ]]; }
wait_for "the restore offer" offered
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
sleep 0.5
offer_gone() { [[ -z "$(rect_of restore/offer)" ]]; }
for attempt in 1 2 3; do
  click_rect restore/restore
  for _ in $(seq 50); do offer_gone && break; sleep 0.1; done
  offer_gone && break
  echo "Restore not taken yet (attempt $attempt)"
done
restored() { grep -q '^label 0 Lecture HMC$' "$status" && [[ -z "$(rect_of restore/offer)" ]]; }
wait_for "the restored session" restored
sleep 0.5
diff <(chain_params "$work/before.txt") <(chain_params "$status") ||
  { echo "the restored chains differ from the saved ones"; exit 1; }
diff <(grep '^label ' "$work/before.txt") <(grep '^label ' "$status") ||
  { echo "the restored labels differ"; exit 1; }
echo "restored: $(grep -c '^label ' "$status") chains, labels and parameters as before"

# 3. A normal close removes the file.
kill -TERM "$app"
code=0; wait "$app" || code=$?
[[ "$code" == 0 ]] || { echo "the window did not close cleanly (exit $code)"; cat "$work/app2.log"; exit 1; }
[[ ! -f "$saved" ]] || { echo "a normal close left $saved"; exit 1; }
echo "a normal close removed the recovery file"

# 4. gui --restore, with a session left behind and without.
"$exe" gui --layout dashboard --size 1600x1000 --status-file "$status" > "$work/app3.log" 2>&1 &
app=$!
wait_for "the third window's status" test -f "$status"
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
relabelled() { grep -q '^label 0 Seminar HMC$' "$status"; }
type_until relabelled chain0/label "Seminar HMC"
wait_for "the autosave of the new label" grep -q 'Seminar HMC' "$saved"
kill -9 "$app"; wait "$app" 2>/dev/null || true
"$exe" gui --restore --size 1600x1000 --frames 30 --status-file "$status" > "$work/app4.log" 2>&1 ||
  { echo "gui --restore failed"; cat "$work/app4.log"; exit 1; }
grep -q '^label 0 Seminar HMC$' "$status" || { echo "gui --restore did not restore the label"; exit 1; }
set +e
message=$("$exe" gui --restore --frames 5 2>&1); code=$?
set -e
echo "nothing to restore: exit $code: $message"
[[ "$code" == 2 && "$(printf '%s\n' "$message" | wc -l)" == 1 && "$message" == error:*restore* ]] ||
  { echo "expected exit 2 with one line"; exit 1; }
echo "recovery test passed"
