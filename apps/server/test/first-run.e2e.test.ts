/**
 * The first run of a node with no admin account (real server, a fresh DATA_DIR on embedded PGlite):
 * it prints a one-time setup link once, on its standard output; GET /api/admin/setup says the setup is
 * open; POST /api/admin/setup with the link's secret creates the first account and signs it in, once
 * (two uses at the same time: one account); a wrong secret, a bad field, an expired or used link are
 * refused with a stable code and change nothing; the secret is never printed again, not at the next
 * start, not in the logs. ADMIN_NAME and ADMIN_PASSWORD still create the account (then no link).
 */
import { afterAll, describe, expect, it } from "vitest";
import { http } from "./support/players.js";
import { startServer, type TestServer } from "./support/server.js";

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.dispose()));
}, 30_000);

/** A server on a fresh data folder, with every log line (the JSON logs at info level too). */
async function fresh(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ backend: "pglite", env: { LOG_LEVEL: "info", WEB_URL: "http://web.example:3000", ...env } });
  servers.push(server);
  return server;
}

/** Every setup secret the output shows, in order. */
const secretsIn = (output: string) => [...output.matchAll(/#setup=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
const setup = (server: TestServer, body: unknown) => http(`${server.url}/api/admin/setup`, { method: "POST", body: JSON.stringify(body) });
const isOpen = async (server: TestServer) => ((await http(`${server.url}/api/admin/setup`)).body as { open: boolean }).open;

describe("the first run", () => {
  it("prints the link once; it creates one account, once; it is never printed again", async () => {
    const server = await fresh();
    const [secret, ...more] = secretsIn(server.output());
    expect(more).toEqual([]);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(server.output()).toContain(`http://web.example:3000/admin/login#setup=${secret}`);
    expect(server.output()).toMatch(/No admin account exists yet/);
    expect(await isOpen(server)).toBe(true);

    // Refusals change nothing: the setup stays open and the right secret still works after them.
    const account = { name: "ops", password: "tin star 1881" };
    expect(await setup(server, { ...account, token: `${secret}x` })).toMatchObject({ status: 401, body: { code: "SETUP_TOKEN_INVALID" } });
    expect(await setup(server, { ...account, token: "" })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    expect(await setup(server, { token: secret, name: "ops", password: "short" })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE", message: expect.stringContaining("password") } });
    expect(await setup(server, { token: secret, name: "   ", password: account.password })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE", message: expect.stringContaining("name") } });
    expect(await setup(server, { token: secret, password: account.password })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    expect(await setup(server, { ...account, token: secret, admin: true })).toMatchObject({ status: 400, body: { code: "INVALID_MESSAGE" } });
    expect(await isOpen(server)).toBe(true);
    expect(await http(`${server.url}/api/admin/sessions`, { method: "POST", body: JSON.stringify(account) })).toMatchObject({ status: 401, body: { code: "BAD_CREDENTIALS" } });

    // Two uses at once: exactly one account.
    const [a, b] = await Promise.all([setup(server, { ...account, token: secret }), setup(server, { token: secret, name: "intruder", password: "another secret" })]);
    const won = [a, b].filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect([a, b].filter((r) => r.status !== 201).map((r) => (r.body as { code: string }).code)[0]).toMatch(/^SETUP_(CLOSED|TOKEN_INVALID)$/);
    const session = won[0]!.body as { token: string; name: string };
    expect((await http(`${server.url}/api/admin/session`, { token: session.token })).body).toMatchObject({ name: session.name });
    expect(await isOpen(server)).toBe(false);
    // Used: refused. The account signs in with its password.
    expect(await setup(server, { ...account, token: secret })).toMatchObject({ status: 409, body: { code: "SETUP_CLOSED" } });
    const signedIn = await http(`${server.url}/api/admin/sessions`, { method: "POST", body: JSON.stringify(session.name === "ops" ? account : { name: "intruder", password: "another secret" }) });
    expect(signedIn.status).toBe(201);

    // Never printed again: not in the logs after its use, not at the next start (an account exists: nothing to say).
    await server.stop();
    await server.restart();
    expect(secretsIn(server.output())).toEqual([secret]);
    expect(server.output().split(secret!)).toHaveLength(2);
    expect(server.output().match(/No admin account exists yet/g)).toHaveLength(1);
  }, 120_000);

  it("a link expires; a later start prints a new one, and only a link still valid is not printed again", async () => {
    const server = await fresh({ ADMIN_SETUP_TTL_S: "1" });
    const [first] = secretsIn(server.output());
    await new Promise((r) => setTimeout(r, 1_200));
    const account = { token: first, name: "ops", password: "tin star 1881" };
    expect(await setup(server, account)).toMatchObject({ status: 410, body: { code: "SETUP_TOKEN_EXPIRED" } });
    expect(await isOpen(server)).toBe(true);
    await server.stop();
    await server.restart({ ADMIN_SETUP_TTL_S: "600" });
    const [again, second] = secretsIn(server.output());
    expect(again).toBe(first);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await setup(server, account)).toMatchObject({ status: 401, body: { code: "SETUP_TOKEN_INVALID" } });
    // Restarted while the new link is valid: it says so without printing it.
    await server.stop();
    await server.restart();
    expect(secretsIn(server.output())).toEqual([first, second]);
    expect(server.output()).toMatch(/Use the setup link printed when it was issued \(valid until/);
    expect(await setup(server, { ...account, token: second })).toMatchObject({ status: 201, body: { name: "ops" } });
  }, 120_000);

  it("ADMIN_NAME and ADMIN_PASSWORD create the account at start: no link, the setup is closed", async () => {
    const server = await fresh({ ADMIN_NAME: "marshal", ADMIN_PASSWORD: "tin star 1881" });
    expect(secretsIn(server.output())).toEqual([]);
    expect(server.output()).not.toMatch(/No admin account/);
    expect(await isOpen(server)).toBe(false);
    expect(await setup(server, { token: "x".repeat(43), name: "ops", password: "tin star 1881" })).toMatchObject({ status: 409, body: { code: "SETUP_CLOSED" } });
    expect((await http(`${server.url}/api/admin/sessions`, { method: "POST", body: JSON.stringify({ name: "marshal", password: "tin star 1881" }) })).status).toBe(201);
  }, 90_000);
});
