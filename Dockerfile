# syntax=docker/dockerfile:1
# The store's image (docs/decisions/0197-deployment-files.md): built in one stage, run from another with
# production dependencies only, as the unprivileged `node` user. Data (the embedded database, local
# pictures, the generated session secret) lives in /data; with DATABASE_URL and FILE_STORAGE=s3 the
# container keeps nothing worth backing up.
ARG NODE_VERSION=24

# Production dependencies only. sharp brings its own libvips for linux-x64/arm64 (glibc) as npm packages.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Everything, to build the browser bundle and the server (dist/).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# pg_dump and pg_restore for `npm run backup` / `npm run restore` against a PostgreSQL server: Debian
# bookworm's are version 15, which dumps servers up to 15 (compose.yaml runs PostgreSQL 15).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The one-off commands (npm run backup, restore, seed, db:migrate, db:move-to-postgres) run from dist/
# (scripts/cli.mjs): no sources and no tsx in the image.
COPY package.json package-lock.json ./
COPY scripts/cli.mjs scripts/build-info.mjs ./scripts/
# Fails the build, not the first upload, when sharp cannot load on this platform.
RUN node -e "require('sharp')(Buffer.from('<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"2\"/>')).webp().toBuffer().then(() => console.log('sharp works'))" \
  && mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only; the load balancer asks /api/ready before it sends traffic.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/server/main.js"]
