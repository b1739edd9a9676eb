# syntax=docker/dockerfile:1
# Reloc worker: the BullMQ processors (geocoding, distances, e-signature, heavy exports).
# Build from the repository root: docker build -f infra/docker/worker.Dockerfile .
# The stages up to `npm ci` are the same text in the three Dockerfiles so BuildKit reuses them.

# Only what `npm ci` reads, so the install layers stay cached while only sources change
# (COPY --from is cached on content).
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -mindepth 1 ! -type d ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -mindepth 1 -type d -empty -delete
# The lockfile written on the dev machines lacks other platforms' optional binaries (@nx/nx-*,
# @swc/core-*, @unrs/resolver-binding-*: their registry mirror lacks them), and `npm ci` refuses a
# lockfile with missing entries. This adds them and keeps every version the lockfile pins.
RUN npm install --package-lock-only --ignore-scripts --no-audit --no-fund

# better-sqlite3 compiles with node-gyp when no prebuilt binary matches.
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false

FROM toolchain AS build
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --projects=@reloc/worker
# Each built workspace as it lies in the repository, so paths that work with `npm start` work
# here; node_modules/@reloc/* are symlinks to these folders. Their node_modules come from prod-deps.
RUN mkdir /out \
 && for d in libs/* services/worker; do \
      if [ -d "$d/dist" ]; then mkdir -p "/out/$d" && cp -a "$d/." "/out/$d/" && rm -rf "/out/$d/node_modules"; fi; \
    done

# The worker's production dependencies only.
FROM toolchain AS prod-deps
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=@reloc/worker --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    RELOC_DATA_DIR=/data \
    RELOC_WORKER_HEALTH_PORT=3001
WORKDIR /app
# Owned by `node`: the `files` volume shared with the api is mounted at /data/files and starts
# with the owner of the image's folder.
RUN mkdir -p /data/files && chown -R node:node /data
COPY --from=prod-deps /app ./
COPY --from=build /out ./
USER node
# GET /health (RELOC_WORKER_HEALTH_PORT): 200 with each queue's counts once the processors are
# registered; 503 while starting or when Redis (REDIS_URL) does not answer within 3 s.
EXPOSE 3001
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.RELOC_WORKER_HEALTH_PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "services/worker/dist/main.js"]
