#!/usr/bin/env bash
# Builds the reference server image without any registry: the base image from this machine's Node
# (containers/build-base.sh, once), the package staged as a user installs it (containers/stage.sh: npm pack,
# unpacked, npm install --omit=dev) with the image's entry point beside it, then containers/Containerfile
# from the staging directory with --pull=never.
# Usage: containers/build.sh [TAG]   (default localhost/conform-reference:latest; engine: $CONTAINER_ENGINE,
# else podman, else docker). Needs `npm ci` first: npm pack builds dist/ with the development dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

. "$(dirname "${BASH_SOURCE[0]}")/engine.sh"
pick_engine build
tag=${1:-localhost/conform-reference:latest}
[ -d node_modules ] || { echo "build: run npm ci first (npm pack builds dist/ with the development dependencies)" >&2; exit 2; }

major=$(node -p 'process.versions.node.split(".")[0]')
base=localhost/conform-node:$major
# One build of the base image at a time (builds running side by side would each import it).
(flock 9 && { "$engine" image inspect "$base" >/dev/null 2>&1 || containers/build-base.sh "$base" >/dev/null; }) 9<containers/build-base.sh

case "$(basename "$engine")" in
  podman) pull=(--pull=never) ;;
  *) pull=(--pull=false) ;;
esac
. "$(dirname "${BASH_SOURCE[0]}")/stage.sh"
stage_dir
stage_package "$stage"
mkdir -p "$stage/reference"
cp containers/entrypoint.js "$stage/reference/"

"$engine" build "${pull[@]}" --quiet --build-arg "BASE=$base" -f containers/Containerfile -t "$tag" "$stage" >/dev/null
echo "$tag"
