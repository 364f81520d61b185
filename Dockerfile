# syntax=docker/dockerfile:1
# Node 26, the Active LTS; package.json's engines keep Node 24 as the oldest supported line.
# Build stage: better-sqlite3 compiles from source, so it needs python3, make and g++. argon2 and
# sharp load their prebuilt binaries (on Node 20.20 argon2's crashed and npm compiled it).
FROM node:26-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY src ./src
COPY migrations ./migrations
COPY scripts ./scripts
COPY widgets ./widgets
COPY views ./views
COPY public ./public
# Then what the server never loads (scripts/prune-image.ts): better-sqlite3's sources and object
# files beside its addon, sharp's WebAssembly build and its runtimes; about 34 MB of the image.
RUN npm run build && npm prune --omit=dev && node dist/scripts/prune-image.js

# Run stage: only what runs, as the unprivileged node user, data on a volume.
FROM node:26-bookworm-slim
# glibc malloc (docs/performance.md): two arenas rather than one per libvips/libuv thread, and
# blocks of 64 KB and up mapped on their own and returned when freed, so memory freed after an
# upload or a print goes back to the system instead of staying resident.
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536 \
    MALLOC_TRIM_THRESHOLD_=65536
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/views ./views
COPY --from=build /app/public ./public
# Data files read at run time: the print kit's fonts and the common-password list.
COPY --from=build /app/src/assets ./src/assets
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Asks the address the server listens on (HOST; a wildcard means any local address will do).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "dist/scripts/healthcheck.js"]
# SIGTERM: the server stops taking requests and finishes those in flight within 5 s, well
# inside Docker's default 10 s stop timeout (compose: stop_grace_period).
STOPSIGNAL SIGTERM
# Small V8 young and old generations: the server lives in 20-35 MB of heap, and V8 lets garbage
# grow the old space at most halfway to this ceiling before collecting it; see docs/performance.md.
CMD ["node", "--max-semi-space-size=1", "--max-old-space-size=56", "dist/src/server.js"]
