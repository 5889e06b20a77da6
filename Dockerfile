# syntax=docker/dockerfile:1
# lackpy's team server: `lackpy mcp serve --http` as the unprivileged `node` user, configured by
# LACKPY_MCP_* variables (README, "Serving a team"; compose.yaml runs three on one Postgres).
# Build from the repository root: docker build -t lackpy .
ARG NODE_IMAGE=node:20-bookworm-slim

# The workspace built and packed as it would be published, then installed with only what the
# server needs (the packed packages, the Postgres driver, the MCP client, OpenTelemetry export).
FROM ${NODE_IMAGE} AS build
RUN npm install --global pnpm@10.34.9
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm build \
  && for name in lang kit run infer service mcp cli; do \
       pnpm --dir "packages/$name" pack --out "/opt/lackpy/packs/$name.tgz"; \
     done
COPY docker/package.json docker/entrypoint.sh /opt/lackpy/
RUN cd /opt/lackpy \
  && pnpm install --prod --config.node-linker=hoisted --config.package-import-method=copy \
  && rm -rf packs

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PATH=/opt/lackpy/node_modules/.bin:$PATH \
    LACKPY_MCP_HTTP=1 \
    LACKPY_MCP_HOST=0.0.0.0 \
    LACKPY_MCP_PORT=8765 \
    LACKPY_MCP_WORKSPACE=/workspace
COPY --from=build /opt/lackpy /opt/lackpy
RUN mkdir -p /workspace && chown node:node /workspace
USER node
WORKDIR /workspace
EXPOSE 8765
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.LACKPY_MCP_PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/opt/lackpy/entrypoint.sh"]
