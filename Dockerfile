# Multi-stage build on the current Node LTS, 24 (the app supports Node 22.12 and later: see package.json engines).
# The first stage builds the client (with its brotli and gzip copies) and compiles the server to dist/server;
# the second carries those, the migrations and the production dependencies only: no tsx, no TypeScript
# (.npmrc keeps npm from installing @trpc/server's TypeScript peer).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# NODE_ENV=production also needs PUBLIC_URL, the https address the site is reached at: pass it with -e.
# MALLOC_ARENA_MAX=2: sharp's image work hops between libuv threads, and glibc gives each thread an arena it
# keeps at its peak; two shared arenas keep 20 concurrent photo uploads within 250 MB (npm run bench:images).
# MALLOC_MMAP_THRESHOLD_=131072: a fixed threshold (glibc otherwise raises it after each large free) gives every
# large image buffer its own mapping, returned to the system when freed: without it, 8 uploads of a 7000x7000
# PNG left 338 MB resident for good; with it, nothing (docs/decisions/024-image-memory.md).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server finds drizzle/ and dist/client from the folder of package.json (src/server/infra/package-root.ts).
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node itself is PID 1 and closes the server on the SIGTERM of `docker stop` (src/server/main.ts).
# The first admin: node dist/server/create-admin.js in the image (README, "Running in a container").
# A 2 MB young generation keeps the resident size within budget (npm run bench:track measures it).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "--max-old-space-size=128", "dist/server/main.js"]
