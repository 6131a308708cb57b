import { configDefaults, defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The "source" export condition points workspace packages at
// their TypeScript sources, so unit tests never need a build; tests that spawn the `bang` binary use
// the built dist/ that `npm test` builds first. The server's end-to-end tests (apps/server/test) are a
// project of their own: its global setup builds the server when its dist is missing or stale, and it
// runs only when one of those files is selected. The browser tests of the web app (apps/web/test/
// *.e2e.test.ts, playwright-core with Debian's Chromium) are a third project; its global setup builds
// the server and the app (next build) through turbo. benches/*/test holds the benches' own unit tests
// (their statistics), which run in the unit project.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    testTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "packages/games/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "benches/*/test/**/*.test.mjs"],
          exclude: [...configDefaults.exclude, "apps/server/test/**", "apps/web/test/**/*.e2e.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server-e2e",
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 90_000,
          // See the web-e2e project's retry.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: "web-e2e",
          include: ["apps/web/test/**/*.e2e.test.ts"],
          globalSetup: ["apps/web/test/support/global-setup.ts"],
          testTimeout: 200_000,
          hookTimeout: 90_000,
          // An end-to-end test that fails is run once more: a 2-core CI machine running the whole suite
          // sometimes starves a timing (a 5 s turn clock, a bot's 150 ms). A failure that repeats still
          // fails the run; the failed attempt prints its server output and, in the browser, screenshots
          // and the text of each page (support/web.ts), and the report marks the test as retried.
          retry: 1,
        },
      },
    ],
  },
});
