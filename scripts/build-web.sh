#!/usr/bin/env bash
# Builds the browser version into build-web/ with Debian's emscripten (docs/web.md):
# sgmcmc-lab.html, .js, .wasm and the data bundle sgmcmc-lab.data. Needs scripts/setup-web.sh
# once. `--test` then runs the browser smoke test (tests/web/smoke). Serve the folder with any
# static web server, e.g. `python3 -m http.server -d build-web 8000`, and open
# http://127.0.0.1:8000/sgmcmc-lab.html.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

run_test=false
for argument in "$@"; do
  case "$argument" in
    --test) run_test=true ;;
    *) echo "usage: scripts/build-web.sh [--test]" >&2; exit 2 ;;
  esac
done

if ! command -v emcmake >/dev/null || ! compgen -G "build-web/deps/imgui-[0-9]*/" >/dev/null; then
  echo "build-web: emscripten or the Debian sources are missing: run scripts/setup-web.sh" >&2
  exit 1
fi

# Debian's emscripten needs Debian's node modules (acorn) and python, whichever node and python
# come first on PATH.
export NODE_PATH=/usr/share/nodejs
export EMSDK_PYTHON=/usr/bin/python3

werror=()
if [[ "${CI:-}" == "true" ]]; then
  werror=(-DSGL_WERROR=ON)
fi
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# Word splitting is intended: SGL_WEB_CMAKE_ARGS holds several arguments.
# shellcheck disable=SC2086
emcmake cmake -S web -B build-web -DCMAKE_BUILD_TYPE=Release "${werror[@]}" "${launcher[@]}" \
  ${SGL_WEB_CMAKE_ARGS:-}
cmake --build build-web -j"${SGL_JOBS:-$(nproc)}"

for file in build-web/sgmcmc-lab.{html,js,wasm,data}; do
  printf 'build-web: %-28s %8d bytes (%d gzipped)\n' "$file" "$(stat -c %s "$file")" \
    "$(gzip -9c "$file" | wc -c)"
done

if $run_test; then
  tests/web/smoke build-web
fi
