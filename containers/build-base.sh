#!/usr/bin/env bash
# Builds the base image of the reference server image, localhost/conform-node:<major>, from this
# machine's Node.js: the node binary and the shared libraries it links, nothing else. No registry is
# needed. Usage: containers/build-base.sh [TAG]   (engine: $CONTAINER_ENGINE, else podman, else docker)
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/engine.sh"
pick_engine build-base
node=$(readlink -f "$(command -v node)")
major=$("$node" -p 'process.versions.node.split(".")[0]')
tag=${1:-localhost/conform-node:$major}

root=$(mktemp -d "${TMPDIR:-/tmp}/conform-base.XXXXXX")
trap 'rm -rf "$root"' EXIT

mkdir -p "$root/usr/bin" "$root/etc" "$root/tmp" "$root/home/node"
chmod 1777 "$root/tmp"
cp "$node" "$root/usr/bin/node"
# The dynamic loader and every library node links (paths as this machine resolves them).
for lib in $(ldd "$node" | grep -o '/[^ )]*'); do
  cp --parents -L "$lib" "$root/"
done
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnode:x:1000:1000:node:/home/node:/usr/sbin/nologin\n' >"$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$root/etc/group"
printf 'hosts: files dns\n' >"$root/etc/nsswitch.conf"
chown 1000:1000 "$root/home/node"

quiet=()
[ "$(basename "$engine")" = podman ] && quiet=(--quiet)
tar -C "$root" --numeric-owner -c . |
  "$engine" import "${quiet[@]}" \
    --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
    --change 'ENV HOME=/home/node' \
    --change 'CMD ["node"]' \
    - "$tag" >/dev/null
echo "$tag"
