// `npm start`: the game server (PORT, default 8080) and the web app (WEB_PORT, default 3000) side by
// side. The app is told the server's URL (BANG_SERVER_URL, default http://127.0.0.1:PORT). The two
// stop together: a signal goes to both, and when either exits the other is stopped and this script
// exits with the first one's status.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = fileURLToPath(new URL("../apps/web/", import.meta.url));
const port = process.env.PORT ?? "8080";
const webPort = process.env.WEB_PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const serverUrl = process.env.BANG_SERVER_URL ?? `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
const webUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${webPort}`;
const nextBin = createRequire(`${web}package.json`).resolve("next/dist/bin/next");

const children = [
  // WEB_URL: the first-run setup link the server prints points at the web app.
  { name: "server", proc: spawn(process.execPath, ["apps/server/dist/main.js"], { cwd: root, stdio: "inherit", env: { WEB_URL: webUrl, ...process.env, PORT: port } }) },
  {
    name: "web",
    proc: spawn(process.execPath, [nextBin, "start", "--port", webPort, "--hostname", host], {
      cwd: web,
      stdio: "inherit",
      env: { ...process.env, BANG_SERVER_URL: serverUrl, NEXT_TELEMETRY_DISABLED: "1" },
    }),
  },
];
console.log(`game server on http://${host}:${port}, web app on http://${host}:${webPort} (server URL for the app: ${serverUrl})`);

let exitCode = null;
const stopAll = (signal) => {
  for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
};
for (const { name, proc } of children) {
  proc.on("exit", (code, signal) => {
    if (exitCode === null) {
      exitCode = code ?? (signal ? 1 : 0);
      console.log(`${name} stopped (${code ?? signal}); stopping the rest`);
      stopAll("SIGTERM");
    }
    if (children.every(({ proc: p }) => p.exitCode !== null || p.signalCode !== null)) process.exit(exitCode);
  });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
