#!/usr/bin/env bash
# Recording problems never close the window (issue 26):
#  1. gui --record onto a full disk (simulated with `ulimit -f`, SIGXFSZ ignored, so a write past
#     the limit fails with EFBIG as on a full disk): the recording stops with a message in the
#     window's menu bar, its partial file removed; the window goes on to its last frame and exits
#     with code 2 and one line. Before, the window closed (exit 2) at the failing frame.
#  2. gui --record DIR naming an existing folder: refused with one line before any window (it
#     recorded, then threw the recording away at the end).
# Usage: record_full_disk_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
status="$work/status.txt"

code=0
(trap '' XFSZ; ulimit -f 300
 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout dashboard --size 1280x720 \
   --frames 150 --record "$work/full.gif" --status-file "$status") >"$work/full.log" 2>&1 || code=$?
cat "$work/full.log"
[[ $code -eq 2 ]] || fail "exit $code (expected 2)"
[[ "$(grep -c '^error: ' "$work/full.log")" -eq 1 ]] || fail "expected one error line"
grep -q '^frame -1$' "$status" || fail "the window did not reach its last frame: $(grep '^frame' "$status")"
grep -q '^text problem recording stopped: ' "$status" || fail "no message in the window: $(grep '^text problem' "$status")"
[[ -z "$(ls "$work" | grep -E 'gif')" ]] || fail "recording files left: $(ls "$work")"

mkdir -p "$work/a-folder"
code=0
start=$(date +%s%N)
xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --frames 100 --record "$work/a-folder" \
  >"$work/dir.log" 2>&1 || code=$?
ms=$((($(date +%s%N) - start) / 1000000))
cat "$work/dir.log"
[[ $code -eq 2 ]] || fail "--record FOLDER: exit $code (expected 2)"
[[ "$(wc -l <"$work/dir.log")" -eq 1 ]] || fail "--record FOLDER: expected one line"
grep -q 'is a folder' "$work/dir.log" || fail "--record FOLDER: message does not say it is a folder"
[[ -z "$(ls -A "$work/a-folder")" && ! -e "$work/a-folder.partial" ]] || fail "--record FOLDER left files"
echo "record full disk test: a failed recording keeps the window; a folder is refused at once ($ms ms)"
