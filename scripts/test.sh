#!/usr/bin/env bash
# Builds build/ if needed and runs the whole ctest suite. With CI=true (or SGL_SANITIZE_TESTS=1) it
# also runs the core and CLI tests in the sanitizer tree build-sanitize/ (clang, AddressSanitizer
# + UBSan, RelWithDebInfo; scripts/sanitizer_tree.sh; the GUI and benchmarks are left out: the
# CLI does not need them), and runs the libFuzzer harnesses, built in the same tree, for a fixed
# time each (scripts/fuzz.sh; SGL_FUZZ=1 outside CI). Exits non-zero on any failure.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="$(nproc)"
werror=()
if [[ "${CI:-}" == "true" ]]; then
  werror=(-DSGL_WERROR=ON)
fi

if [[ ! -f build/CMakeCache.txt ]]; then
  # Word splitting is intended: SGL_CMAKE_ARGS holds several arguments.
  # shellcheck disable=SC2086
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${werror[@]}" ${SGL_CMAKE_ARGS:-}
fi
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure --timeout 600 -j2

if [[ "${CI:-}" == "true" || "${SGL_SANITIZE_TESTS:-0}" == "1" ]]; then
  echo "test: sanitizer build (build-sanitize)"
  ./scripts/sanitizer_tree.sh core_tests cli_tests
  # Left out here: the draw fingerprints (every sampler and preset, 120 s under ASan, the longest
  # test of this pass; the Release run above checks them, and the sampler conformance test runs
  # every sampler under the sanitizers).
  ctest --test-dir build-sanitize -R "^(core|cli):" -E "draws what it drew before the restructuring" \
    --no-tests=error --output-on-failure --timeout 600 -j2
fi

# libFuzzer harnesses, a fixed short time each from the committed seed corpora (scripts/fuzz.sh).
if [[ "${CI:-}" == "true" || "${SGL_FUZZ:-0}" == "1" ]]; then
  echo "test: libFuzzer harnesses (build-sanitize)"
  ./scripts/fuzz.sh
fi

echo "test: all passed"
