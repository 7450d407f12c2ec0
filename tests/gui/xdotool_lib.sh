# Shared by the GUI tests that drive the window with xdotool (source it after setting `status`,
# the --status-file, and `work`, the folder holding app.log).

# value KEY: the second field of the status file's "KEY ..." line.
value() { awk -v key="$1" '$1 == key { print $2 }' "$status" 2>/dev/null; }

# wait_for DESCRIPTION COMMAND...: retry COMMAND for up to 30 s, else print why and fail.
wait_for() {
  local what=$1; shift
  for _ in $(seq 300); do "$@" && return 0; sleep 0.1; done
  echo "timed out waiting for: $what"; cat "$work/app.log"; exit 1
}
