#!/usr/bin/env bash
# Hostile files through File > Open session (issue 26): every file of the committed corpus
# tests/gui/hostile_open/ (malformed, empty and binary JSON, unknown sampler and target, wrong
# types, out-of-range parameters, a typed potential that does not parse, a data file with ±1e300
# values, a missing data file) is opened with real input (xdotool). After each, the window must
# still be alive, show a new one-line message in its menu bar (the status file's "text problem"),
# keep the running session, and go on building frames.
# Usage: hostile_open_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
corpus="$(cd "$(dirname "$0")" && pwd)/hostile_open"
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --layout dashboard --size 1600x1000
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled

# The files that name a data file get its absolute path here.
mkdir -p "$work/corpus"
cp "$corpus"/*.json "$corpus"/*.csv "$work/corpus/"
for template in "$corpus"/*.json.in; do
  sed "s|@DIR@|$work/corpus|" "$template" >"$work/corpus/$(basename "$template" .in)"
done

text_of() { awk -v key="$1" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' \
  "$status" 2>/dev/null; }
press() { xdotool keydown "$1"; sleep 0.1; xdotool keyup "$1"; sleep 0.05; }
labels_before=$(grep '^label ' "$status")
previous=""

# open_file FILE: File > Open session..., the path typed, Open; true once a new message shows.
open_file() {
  click_rect menu/file
  for _ in $(seq 50); do [[ -n "$(rect_of menu/open_session)" ]] && break; sleep 0.1; done
  [[ -n "$(rect_of menu/open_session)" ]] || { press Escape; return 1; }
  click_rect menu/open_session
  for _ in $(seq 50); do [[ -n "$(rect_of open/path)" ]] && break; sleep 0.1; done
  [[ -n "$(rect_of open/path)" ]] || { press Escape; return 1; }
  # Select all and type, until the field holds exactly the path (under load a key can be lost).
  local typed=""
  for _ in 1 2 3; do
    click_rect open/path
    xdotool keydown ctrl; sleep 0.3; press a; sleep 0.3; xdotool keyup ctrl
    xdotool type --delay 20 "$1"
    for _ in $(seq 20); do typed=$(text_of open/path); [[ "$typed" == "$1" ]] && break; sleep 0.1; done
    [[ "$typed" == "$1" ]] && break
  done
  [[ "$typed" == "$1" ]] || { press Escape; return 1; }
  click_rect open/button
  for _ in $(seq 150); do
    local message; message=$(text_of problem)
    [[ "$message" != "$previous" && "$message" == *"$1"* ]] && return 0
    sleep 0.1
  done
  return 1
}

for file in "$work"/corpus/*.json; do
  name=$(basename "$file")
  for attempt in 1 2 3; do
    open_file "$file" && break
    echo "$name: no message yet (attempt $attempt)"; press Escape
  done
  kill -0 "$app" 2>/dev/null || { echo "FAIL: the window closed on $name"; cat "$work/app.log"; exit 1; }
  message=$(text_of problem)
  [[ "$message" != "$previous" && "$message" == *"$file"* ]] ||
    { echo "FAIL: no message naming $name (the message: $message)"; exit 1; }
  [[ "$(printf '%s\n' "$message" | wc -l)" == 1 ]] || { echo "FAIL: $name: message of several lines"; exit 1; }
  previous=$message
  echo "ok: $name: ${message:0:160}"
  before=$(value frame)
  xdotool mousemove --window "$window" 900 600; sleep 0.3; xdotool mousemove --window "$window" 950 650
  advanced() { (($(value frame) > before)); }
  wait_for "frames after $name" advanced
done
[[ "$(grep '^label ' "$status")" == "$labels_before" ]] || { echo "FAIL: the running session changed"; exit 1; }
echo "hostile open test: every file refused with a message, the window and its session kept"
