#!/usr/bin/env bash
# Builds the checker image, conform itself, without any image registry: packs this repository (npm pack),
# unpacks the tarball into a staging directory and installs its production dependencies there (npm install
# --omit=dev, from the npm registry or npm's cache, resolved as for a user's install: no lockfile), then
# builds containers/checker.Containerfile from it on the base image made from this machine's Node
# (containers/build-base.sh, once).
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

stage=$(mktemp -d "${TMPDIR:-/tmp}/conform-checker.XXXXXX")
trap 'rm -rf "$stage"' EXIT
node scripts/build.js --if-stale >&2
npm pack --ignore-scripts --loglevel=error --pack-destination "$stage" >/dev/null
tarball=$(ls "$stage"/*.tgz)
mkdir "$stage/conform"
tar -xzf "$tarball" -C "$stage/conform" --strip-components=1
# --ignore-scripts: the package's own `prepare` builds from the sources, which the tarball does not hold.
(cd "$stage/conform" && npm install --omit=dev --engine-strict --ignore-scripts --no-audit --no-fund --no-package-lock \
  --prefer-offline --loglevel=error >/dev/null)

case "$(basename "$engine")" in
  podman) pull=(--pull=never) ;;
  *) pull=(--pull=false) ;;
esac
"$engine" build "${pull[@]}" --quiet --build-arg "BASE=$base" -f containers/checker.Containerfile -t "$tag" "$stage" >/dev/null
echo "$tag"
