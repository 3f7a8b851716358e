# The store as a container: `docker build --build-arg SITE_URL=https://vedara.in -t vedara-store .`
# See docs/deployment.md. compose.yaml runs it with PostgreSQL.

# --- build: all dependencies, the Astro build, then only the runtime dependencies are kept
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .npmrc ./
# npm install's postinstall step fixes a released dependency (scripts/patch-dependencies.mjs).
COPY scripts/patch-dependencies.mjs scripts/
# The committed lockfile (npm ci cannot work against every registry; see README.md).
RUN npm install --no-audit --no-fund
COPY . .
# Pre-rendered pages (home, blog) carry canonical URLs: build them for the public origin.
ARG SITE_URL=http://localhost:4321
RUN SITE_URL="$SITE_URL" DATA_DIR=/tmp/build-data npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# --- runtime: Node 24, no build tools, not root
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/app/data ASTRO_TELEMETRY_DISABLED=1
# package.json: "type": "module" for the .ts files Node loads directly.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# scripts/serve.mjs and scripts/migrate.mjs load src/lib and src/db directly (Node's type stripping).
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src/lib ./src/lib
COPY --from=build /app/src/db ./src/db
COPY --from=build /app/supabase/migrations ./supabase/migrations
COPY --from=build /app/content/catalog ./content/catalog
# uploads/ exists owned by node, so a named volume mounted there starts writable.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 4321
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains requests in flight; keep SHUTDOWN_TIMEOUT_MS below the stop timeout.
CMD ["node", "scripts/serve.mjs"]
