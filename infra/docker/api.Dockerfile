# syntax=docker/dockerfile:1
# Reloc api: the NestJS api, which also serves the console's static files (RELOC_CONSOLE_DIR),
# so this one image is the whole product; docker-compose.yml puts nginx in front of it too.
# Build from the repository root: docker build -f infra/docker/api.Dockerfile .
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
RUN npx nx run-many -t build --projects=@reloc/api,@reloc/console
# Each built workspace as it lies in the repository, so paths that work with `npm start` work
# here; node_modules/@reloc/* are symlinks to these folders. Their node_modules come from prod-deps.
RUN mkdir /out \
 && for d in libs/* services/api console; do \
      if [ -d "$d/dist" ]; then mkdir -p "/out/$d" && cp -a "$d/." "/out/$d/" && rm -rf "/out/$d/node_modules"; fi; \
    done

# The api's production dependencies only (no nx, typescript, vite, react...).
FROM toolchain AS prod-deps
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=@reloc/api --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    PORT=3000 \
    RELOC_DATA_DIR=/data \
    RELOC_CONSOLE_DIR=/app/console/dist
WORKDIR /app
# Owned by `node` so the read models and files can be written, and so a named volume mounted
# here starts with that owner (Docker copies the image's folder into an empty volume).
RUN mkdir -p /data/files && chown -R node:node /data
COPY --from=prod-deps /app ./
COPY --from=build /out ./
USER node
EXPOSE 3000
# GET /v1/health answers 200 (with the projector's position and lag) once the api listens.
# 127.0.0.1, not localhost: Node 20 may resolve localhost to ::1 first.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "services/api/dist/main.js"]
