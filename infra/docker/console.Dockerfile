# syntax=docker/dockerfile:1
# Reloc console: the React build (console/dist) served by nginx, which also proxies /v1/ to the
# api (infra/docker/nginx.conf).
# Build from the repository root: docker build -f infra/docker/console.Dockerfile .
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
RUN npx nx run-many -t build --projects=@reloc/console

FROM nginx:1.27-alpine
# Our nginx.conf replaces the image's whole main file (it does not include conf.d/); the
# image's sample pages go too.
RUN rm -rf /etc/nginx/conf.d/default.conf /usr/share/nginx/html/*
COPY infra/docker/nginx.conf /etc/nginx/nginx.conf
COPY infra/docker/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /app/console/dist /usr/share/nginx/html
# Master and workers run unprivileged (uid 101); pid and temp files are in /tmp (nginx.conf).
# Port 80 stays bindable: Docker sets net.ipv4.ip_unprivileged_port_start=0 in containers.
USER nginx
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1/ || exit 1
