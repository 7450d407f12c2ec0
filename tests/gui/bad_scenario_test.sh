#!/usr/bin/env bash
# `gui --scenario` with bad files (issue 16): a malformed, a too large, an endless (/dev/zero) and
# an unreadable (a directory) file are refused before the window opens; a file that parses but
# whose data file is missing fails while the window is already open. Every case must end with
# exit code 2 and exactly one `error:` line on stderr: no crash, no hang.
# Usage: bad_scenario_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work/a-directory.json"

printf '{"name": "x", "target": ' >"$work/malformed.json"
head -c $((17 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$work/huge.json"
printf '{"name":"x","target":{"id":"logistic","data":"%s/missing.csv"},"chains":[{"sampler":"sgld"}]}' \
  "$work" >"$work/missing-data.json"

check() {
  local file=$1 expected=$2 status=0
  timeout 120 xvfb-run -a -s "-screen 0 1600x1000x24" \
    "$exe" gui --scenario "$file" --frames 5 >"$work/stdout" 2>"$work/stderr" || status=$?
  local lines
  lines=$(wc -l <"$work/stderr")
  if [[ $status -ne 2 || $lines -ne 1 ]] || ! grep -q "^error: .*$expected" "$work/stderr"; then
    echo "FAIL: gui --scenario $file: exit $status, $lines stderr lines, expected '$expected':" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  echo "ok: $(basename "$file"): $(cat "$work/stderr")"
}

check "$work/malformed.json" "malformed JSON"
check "$work/huge.json" "larger than the limit of 16 MiB"
check /dev/zero "larger than the limit of 16 MiB"
check "$work/a-directory.json" "cannot read scenario file .*: it is a directory"
check "$work/missing-data.json" "cannot open data file"
echo "gui bad scenario test: all passed"
