import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";

/**
 * The Content-Security-Policy of every page. Next.js writes headers into the build, while the game
 * server's URL is read per request (BANG_SERVER_URL), so `connect-src` allows any http(s) and ws(s)
 * origin: one build serves any server (narrow it at the reverse proxy when the server's origin is
 * known). Next's bootstrap is inline scripts and React sets style attributes: without a nonce (which
 * needs middleware) both need 'unsafe-inline'; `next dev` also evaluates code.
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Headers of every response: no framing by another site (clickjacking; `frame-ancestors` and the older
 * X-Frame-Options), no MIME sniffing, only the origin in the Referer sent elsewhere (paths hold game ids),
 * and no camera, microphone or location.
 */
const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CSP },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

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
  headers: async () => [{ source: "/:path*", headers: SECURITY_HEADERS }],
};

export default config;
