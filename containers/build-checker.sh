#!/usr/bin/env bash
# Builds the checker image, conform itself, without any image registry: stages the package as a user
# installs it (containers/stage.sh: npm pack, unpacked, npm install --omit=dev), then builds
# containers/checker.Containerfile from the staging directory on the base image made from this machine's
# Node (containers/build-base.sh, once).
# Usage: containers/build-checker.sh [TAG]   (default localhost/conform:latest; engine: $CONTAINER_ENGINE,
# else podman, else docker). Needs `npm ci` first: npm pack builds dist/ with the development dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

. "$(dirname "${BASH_SOURCE[0]}")/engine.sh"
pick_engine build-checker
tag=${1:-localhost/conform:latest}
[ -d node_modules ] || { echo "build-checker: run npm ci first (npm pack builds dist/ with the development dependencies)" >&2; exit 2; }

major=$(node -p 'process.versions.node.split(".")[0]')
base=localhost/conform-node:$major
# One build of the base image at a time (builds running side by side would each import it).
(flock 9 && { "$engine" image inspect "$base" >/dev/null 2>&1 || containers/build-base.sh "$base" >/dev/null; }) 9<containers/build-base.sh

. "$(dirname "${BASH_SOURCE[0]}")/stage.sh"
stage_dir
stage_package "$stage"
# The report directory, writable by any user the container runs as (--user), also when nothing is mounted:
# made here and copied with its mode, so that building runs nothing inside the image.
mkdir -p "$stage/checker/conform/reports"
chmod 1777 "$stage/checker/conform/reports"

case "$(basename "$engine")" in
  podman) pull=(--pull=never) ;;
  *) pull=(--pull=false) ;;
esac
"$engine" build "${pull[@]}" --quiet --build-arg "BASE=$base" -f containers/checker.Containerfile -t "$tag" "$stage" >/dev/null
echo "$tag"
