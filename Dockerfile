# The game server node image (used by docker-compose.yml). Builds every workspace the server needs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx turbo run build --filter=@bang/server... --output-logs=errors-only

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build /app /app
EXPOSE 8080
CMD ["node", "apps/server/dist/main.js"]
