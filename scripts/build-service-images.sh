#!/usr/bin/env bash
# Local stand-ins for the two images compose.yaml uses besides Flagpole's, for machines that cannot reach an
# image registry (CI runs compose.yaml for real with them). Built on the local debian:bookworm-slim
# (scripts/build-base-image.sh) from Debian's own packages, under the official names and with the part of
# the official images' interface compose.yaml relies on:
#   postgres:15-bookworm  POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB on first start, data in
#                         /var/lib/postgresql/data, password authentication from other hosts, pg_isready
#   redis:7-bookworm      `redis-server …` as the command, data in /data, redis-cli
# Wherever a registry is reachable, use the official images instead: an image already present under either
# name and not made here is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

DOCKER=${DOCKER:-$(command -v /usr/bin/docker || command -v docker)}
LABEL=org.flagpole.base-recipe
bash scripts/build-base-image.sh >/dev/null
recipe="services-$(sha256sum "$0" | cut -c1-12)"
work=$(mktemp -d "${TMPDIR:-/tmp}/flagpole-services.XXXXXX")
trap 'rm -rf "$work"' EXIT

log() { echo "build-service-images: $*" >&2; }

needs_build() {
  local image=$1 have
  "$DOCKER" image inspect "$image" >/dev/null 2>&1 || return 0
  have=$("$DOCKER" image inspect -f "{{ index .Config.Labels \"$LABEL\" }}" "$image" 2>/dev/null || true)
  if [ -z "$have" ] || [ "$have" = "<no value>" ]; then
    log "$image exists and was not made here; using it as it is"
    return 1
  fi
  [ "$have" != "$recipe" ]
}

if needs_build postgres:15-bookworm; then
  mkdir -p "$work/postgres"
  cat >"$work/postgres/entrypoint.sh" <<'EOF'
#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD, and the database POSTGRES_DB.
set -eu
PGDATA=${PGDATA:-/var/lib/postgresql/data}
export PGDATA
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user=${POSTGRES_USER:-postgres}
  secret=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$secret"
  initdb --username="$user" --pwfile="$secret" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "$secret"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  database=${POSTGRES_DB:-$user}
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec postgres -c listen_addresses='*' "$@"
EOF
  cat >"$work/postgres/Dockerfile" <<EOF
FROM debian:bookworm-slim
RUN apt-get update -q \\
 && apt-get install -y -q --no-install-recommends postgresql-common \\
 && echo 'create_main_cluster = false' >>/etc/postgresql-common/createcluster.conf \\
 && apt-get install -y -q --no-install-recommends postgresql-15 \\
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:\$PATH PGDATA=/var/lib/postgresql/data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 0755 /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
LABEL $LABEL=$recipe
ENTRYPOINT ["docker-entrypoint.sh"]
EOF
  log "building postgres:15-bookworm from Debian's postgresql-15"
  "$DOCKER" build --quiet -t postgres:15-bookworm "$work/postgres" >/dev/null
fi

if needs_build redis:7-bookworm; then
  mkdir -p "$work/redis"
  cat >"$work/redis/entrypoint.sh" <<'EOF'
#!/bin/sh
# The server runs as the redis user with its data in /data.
set -eu
if [ "$(id -u)" = 0 ]; then
  mkdir -p /data
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
cd /data
exec "$@"
EOF
  cat >"$work/redis/Dockerfile" <<EOF
FROM debian:bookworm-slim
RUN apt-get update -q && apt-get install -y -q --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/*
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 0755 /usr/local/bin/docker-entrypoint.sh
VOLUME /data
WORKDIR /data
EXPOSE 6379
LABEL $LABEL=$recipe
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server", "--protected-mode", "no"]
EOF
  log "building redis:7-bookworm from Debian's redis-server"
  "$DOCKER" build --quiet -t redis:7-bookworm "$work/redis" >/dev/null
fi
echo postgres:15-bookworm
echo redis:7-bookworm
