# syntax=docker/dockerfile:1
# The site and its contact API in one image (see docs/operations.md, "The container").
#   docker build --build-arg SITE_URL=https://www.example.com --build-arg VITE_RECAPTCHA_SITE_KEY=… -t arcline-site .
#   docker run -d -p 3000:3000 -v arcline-data:/app/data -e RECAPTCHA_SECRET_KEY=… \
#     -e SMTP_URL=smtps://user:pass@mail.example.com:465 -e LEADS_NOTIFY_TO=sales@example.com -e TRUST_PROXY=10.0.0.0/8 arcline-site

# Build: every dependency, then the prerendered pages and the server bundle.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Build-time settings, inlined into the pages (public values only: never a secret). SITE_URL has no default:
# every canonical link, the sitemap and the e-mails' sender domain come from it.
ARG SITE_URL
ARG VITE_CONTACT_ENDPOINT=""
ARG VITE_RECAPTCHA_SITE_KEY=""
ARG VITE_RECAPTCHA_ENTERPRISE=""
ARG VITE_RECAPTCHA_USE_RECAPTCHA_NET=""
ARG VITE_LEAD_ATTRIBUTION=""
# Visit counting (decision 34): "off" leaves no counting code in the pages (vite.config.ts reads it as VITE_ANALYTICS);
# pass -e ANALYTICS=off to `docker run` as well, so that the server stores none either.
ARG ANALYTICS=""
RUN test -n "$SITE_URL" || { echo "Build with --build-arg SITE_URL=https://www.example.com (the site's public address)." >&2; exit 1; } \
    && npm run build

# Run: production dependencies and the build output only, as the unprivileged "node" user of the base image.
FROM node:24-slim
# The server reads SITE_URL too (the e-mails' From and Message-ID domain, HSTS, the https redirect): the address
# the pages were built for.
ARG SITE_URL
ENV SITE_URL=${SITE_URL}
# The staff workspace listens on its own port (3001), on every interface like the site: publish it behind the proxy
# that serves STAFF_URL (required in production: https://staff.example.com, an origin of its own).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STAFF_HOST=0.0.0.0 \
    STAFF_PORT=3001
WORKDIR /app
COPY package.json package-lock.json ./
# data/ (the SQLite file, and data/previous-assets: earlier builds' /assets, served for PREVIOUS_ASSETS_DAYS after
# the deploy that replaced them, so tabs opened before it still load their pages' code; decision 31) is the only
# place the server writes, so it is the only one the node user owns. Keep the volume across image replacements.
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/data \
    && chown node:node /app/data
COPY --from=build /app/build ./build
# `npm start`, `npm run messages` and `npm run staff` run this check first (it finds the build and does nothing).
COPY --from=build /app/scripts/ensure-build.mjs ./scripts/ensure-build.mjs
USER node
VOLUME ["/app/data"]
EXPOSE 3000 3001
# Liveness only: /healthz never touches the database, so an outage of PostgreSQL does not restart the container.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: SIGTERM then reaches the server, which drains and exits 0.
CMD ["node", "build/server/index.mjs"]
