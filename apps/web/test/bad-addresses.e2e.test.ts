/**
 * Addresses whose percent escapes do not decode (a link cut short in a chat: `/join/%E0%A4%A`) name no
 * page: the web app answers its own "Page not found" with 404 and its security headers (src/proxy.ts),
 * where Next.js's router alone answers a bare 500 for a dynamic segment that does not decode.
 */
import { describe, expect, it } from "vitest";
import { useServer } from "../../server/test/support/server.js";
import { useWebApp } from "./support/web.js";

const server = useServer({ backend: "pglite" });
const app = useWebApp(() => server().url, 0);

/** Status, whether the body is the app's not-found page, and the framing header of `path`. */
async function get(path: string): Promise<{ status: number; notFoundPage: boolean; frameOptions: string | null }> {
  const res = await fetch(`${app().web.url}${path}`);
  const body = await res.text();
  // The rendered element, not the text: every page's payload carries the not-found boundary's words.
  return { status: res.status, notFoundPage: body.includes("<strong>Page not found</strong>"), frameOptions: res.headers.get("x-frame-options") };
}

describe("addresses that do not decode", () => {
  it("each dynamic page's segment and a bare path answer the app's Page not found (404), headers included", async () => {
    for (const path of ["/join/%E0%A4%A", "/play/%E0%A4%A", "/watch/%ZZ", "/replay/%", "/players/%C3", "/tournaments/%E0%A4%A", "/leaderboard/%FF", "/admin/games/%E0", "/%E0%A4%A"]) {
      expect(await get(path), path).toEqual({ status: 404, notFoundPage: true, frameOptions: "DENY" });
    }
  });

  it("addresses that decode are left to their pages: well-formed escapes too", async () => {
    for (const path of ["/play", "/join/caf%C3%A9", "/leaderboard/dice"]) {
      expect(await get(path), path).toEqual({ status: 200, notFoundPage: false, frameOptions: "DENY" });
    }
  });
});
