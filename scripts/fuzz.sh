#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz/fuzz_*.cpp) with clang, AddressSanitizer and UBSan in
# the sanitizer tree build-sanitize/ (scripts/sanitizer_tree.sh, shared with the sanitized tests),
# and runs each for a fixed time (SGL_FUZZ_SECONDS, default 25) from its committed seed corpus
# tests/fuzz/corpus/<harness>/. Inputs it finds are kept in build-sanitize/corpus/ (the
# committed seeds are never modified); a crash fails the script and names the input, which then
# belongs in the committed corpus as a regression input. Without clang the harnesses are skipped
# with a message, except under CI=true, where setup.sh has installed clang and a skip would hide
# the fuzzing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${SGL_FUZZ_SECONDS:-25}"
if ! command -v clang++ >/dev/null || ! command -v clang >/dev/null; then
  if [[ "${CI:-}" == "true" ]]; then
    echo "fuzz: clang is not installed (scripts/setup.sh installs it); cannot fuzz in CI" >&2
    exit 1
  fi
  echo "fuzz: skipped: clang is not installed (apt-get install clang libclang-rt-14-dev)"
  exit 0
fi

harnesses=()
for source in tests/fuzz/fuzz_*.cpp; do harnesses+=("$(basename "$source" .cpp)"); done

./scripts/sanitizer_tree.sh "${harnesses[@]}"

for harness in "${harnesses[@]}"; do
  seeds="tests/fuzz/corpus/$harness"
  if [[ ! -d "$seeds" ]]; then
    echo "fuzz: $harness has no seed corpus in $seeds" >&2
    exit 1
  fi
  found="build-sanitize/corpus/$harness"
  artifacts="build-sanitize/artifacts/$harness/"
  log="build-sanitize/$harness.log"
  mkdir -p "$found" "$artifacts"
  # Bounded per input too: 10 s and 2 GiB, the caps of the issue's fuzzing pass.
  if ! "build-sanitize/tests/fuzz/$harness" "$found" "$seeds" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$artifacts" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz: $harness failed; the input is in $artifacts: fix the bug, then add the input to" \
      "$seeds/ as a regression input" >&2
    exit 1
  fi
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
  peak="$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")"
  echo "fuzz: $harness: ${executions:-?} executions in ${seconds} s, peak RSS ${peak:-?} MB, no crash"
done
