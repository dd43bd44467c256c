#!/usr/bin/env bash
# Starts Podman's Docker-compatible API on a socket (unless something answers there already) and prints
# the environment that points testcontainers at it (and PODMAN_SERVICE_PID when it started the service);
# use as: eval "$(containers/podman-service.sh)".
# Settings: $CONTAINERS_CONF (default containers/containers.conf), $PODMAN_SOCKET (default
# /run/podman/podman.sock as root, $XDG_RUNTIME_DIR/podman/podman.sock otherwise).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
conf=${CONTAINERS_CONF:-$here/containers.conf}
if [ "$(id -u)" = 0 ]; then sock=${PODMAN_SOCKET:-/run/podman/podman.sock}; else sock=${PODMAN_SOCKET:-${XDG_RUNTIME_DIR:-/tmp}/podman/podman.sock}; fi
answers() { curl -sf --max-time 2 --unix-socket "$sock" http://d/_ping >/dev/null 2>&1; }

if ! answers; then
  mkdir -p "$(dirname "$sock")"
  log=$(mktemp "${TMPDIR:-/tmp}/podman-service.XXXXXX.log")
  CONTAINERS_CONF=$conf setsid podman system service --time=0 "unix://$sock" >"$log" 2>&1 </dev/null &
  pid=$!
  echo "podman-service: started podman system service (pid $pid, log $log)" >&2
  for _ in $(seq 100); do answers && break; sleep 0.1; done
  answers || { echo "podman-service: the service does not answer on $sock; its log:" >&2; cat "$log" >&2; exit 1; }
fi
[ -n "${pid:-}" ] && printf 'export PODMAN_SERVICE_PID=%s\n' "$pid"
[ -n "${log:-}" ] && printf 'export PODMAN_SERVICE_LOG=%q\n' "$log"
printf 'export CONTAINERS_CONF=%q\n' "$conf"
printf 'export DOCKER_HOST=%q\n' "unix://$sock"
printf 'export TESTCONTAINERS_RYUK_DISABLED=true\n'
printf 'export TESTCONTAINERS_HOST_OVERRIDE=localhost\n'
