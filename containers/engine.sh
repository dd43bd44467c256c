# Sourced by the build scripts: the container engine to use, $CONTAINER_ENGINE if set, else podman, else
# docker; exported as CONTAINER_ENGINE (and $engine). `pick_engine NAME` names the calling script in its
# error, exit 2 when neither is installed.
pick_engine() {
  engine=${CONTAINER_ENGINE:-}
  if [ -z "$engine" ]; then
    if command -v podman >/dev/null 2>&1; then engine=podman; elif command -v docker >/dev/null 2>&1; then engine=docker; else
      echo "$1: neither podman nor docker is installed" >&2
      exit 2
    fi
  fi
  export CONTAINER_ENGINE=$engine
}
