# The image of docker-compose.yml: the game server node, and the web app (same image, another command).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
RUN npm ci --no-audit --no-fund && npx turbo run build --output-logs=errors-only

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build /app /app
EXPOSE 8080 3000
CMD ["node", "apps/server/dist/main.js"]
