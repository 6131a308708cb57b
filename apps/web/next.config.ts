import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";

/**
 * The web app of the game server. It renders what the server sends and nothing else; the server's URL
 * is read at request time from BANG_SERVER_URL (see src/app/layout.tsx), so one build serves any server.
 */
const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The monorepo root, so that workspace packages resolve from the root node_modules.
  turbopack: { root: fileURLToPath(new URL("../..", import.meta.url)) },
  outputFileTracingRoot: fileURLToPath(new URL("../..", import.meta.url)),
};

export default config;
