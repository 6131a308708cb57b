import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The "source" export condition points workspace packages at
// their TypeScript sources, so unit tests never need a build; tests that spawn the `bang` binary use
// the built dist/ that `npm test` builds first.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
  },
});
