# Sourced by the build scripts: `stage_package DIR` stages the package as a user installs it in DIR/conform:
# packs this repository (npm pack, dist/ brought up to date first), unpacks the tarball and installs its
# production dependencies there (npm install --omit=dev, from the npm registry or npm's cache, resolved as
# for a user's install: no lockfile). Both images are built from such a directory, not from the repository.
#
# With CONFORM_STAGE_DIR set, that directory is used and kept: a later build (the other image) reuses it
# while the package it holds is the one npm pack makes now (same tarball digest), under a lock. Otherwise a
# temporary directory is made, and removed when the calling script exits.
#
# With CONFORM_STAGE_TARBALL set, that tarball (npm pack of this repository, made already) is staged
# instead of packing again; with CONFORM_STAGE_INSTALL too, a project directory where that tarball was
# installed as a user installs it (`npm install --omit=dev TARBALL`), the package and its dependencies
# are taken from there (hard links) instead of installing them a second time: the same files an install
# in DIR/conform makes, when the package has no dependency of its own nested under it (else it is
# installed as above).
stage_package() {
  local dir=$1 tarball digest
  mkdir -p "$dir"
  exec 8>"$dir/.lock"
  flock 8
  rm -f "$dir"/*.tgz
  if [ -n "${CONFORM_STAGE_TARBALL:-}" ]; then
    cp "$CONFORM_STAGE_TARBALL" "$dir/"
  else
    node scripts/build.js --if-stale >&2
    npm pack --ignore-scripts --loglevel=error --pack-destination "$dir" >/dev/null
  fi
  tarball=$(ls "$dir"/*.tgz)
  digest=$(sha256sum "$tarball" | cut -d' ' -f1)
  if [ ! -d "$dir/conform/node_modules" ] || [ "$(cat "$dir/conform.sha256" 2>/dev/null)" != "$digest" ]; then
    rm -rf "$dir/conform" "$dir/conform.sha256"
    local name installed=${CONFORM_STAGE_INSTALL:+$CONFORM_STAGE_INSTALL/node_modules}
    name=$(tar -xzOf "$tarball" package/package.json | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).name')
    if [ -n "$installed" ] && [ -d "$installed/$name" ] && [ ! -e "$installed/$name/node_modules" ]; then
      cp -a "$installed/$name" "$dir/conform"
      mkdir "$dir/conform/node_modules"
      local entry
      for entry in "$installed"/* "$installed"/.[!.]*; do
        case "$(basename "$entry")" in "$name" | .package-lock.json | '.[!.]*') continue ;; esac
        cp -al "$entry" "$dir/conform/node_modules/"
      done
      # The dependencies' commands stay; the package's own (links into it) are not in its own node_modules.
      find "$dir/conform/node_modules/.bin" -maxdepth 1 -type l -lname "../$name/*" -delete 2>/dev/null || true
    else
      mkdir "$dir/conform"
      tar -xzf "$tarball" -C "$dir/conform" --strip-components=1
      # --ignore-scripts: the package's own `prepare` builds from the sources, which the tarball does not hold.
      (cd "$dir/conform" && npm install --omit=dev --engine-strict --ignore-scripts --no-audit --no-fund --no-package-lock \
        --prefer-offline --loglevel=error >/dev/null)
    fi
    echo "$digest" >"$dir/conform.sha256"
  fi
  # What the dependencies ship that nothing reads at run time (their source maps, type declarations and
  # docs: about a third of node_modules) stays out of the images. The package's own files all go in (its
  # bundle's source maps serve `spec --explain` and stack traces).
  printf '%s\n' 'conform/node_modules/**/*.map' 'conform/node_modules/**/*.d.ts' 'conform/node_modules/**/*.d.mts' \
    'conform/node_modules/**/*.d.cts' 'conform/node_modules/**/*.md' >"$dir/.containerignore"
  cp "$dir/.containerignore" "$dir/.dockerignore"
  flock -u 8
  exec 8>&-
}

# The staging directory of this build: $CONFORM_STAGE_DIR, or a temporary one removed at exit.
stage_dir() {
  if [ -n "${CONFORM_STAGE_DIR:-}" ]; then
    stage=$CONFORM_STAGE_DIR
  else
    stage=$(mktemp -d "${TMPDIR:-/tmp}/conform-stage.XXXXXX")
    trap 'rm -rf "$stage"' EXIT
  fi
}
