"use client";
import type { TableView } from "@bang/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Lobby } from "@/components/Lobby";
import { ProblemBox } from "@/components/ProblemBox";
import { usePlayer } from "@/hooks/usePlayer";
import { loadGame, saveGame } from "@/lib/storage";

/** Pick a name, create a table (with bots) or join one by its code, start, or watch a game. */
export default function PlayPage() {
  const router = useRouter();
  const player = usePlayer();
  const [name, setName] = useState("");
  const [seats, setSeats] = useState(5);
  const [gameMode, setGameMode] = useState<"classic" | "duel">("classic");
  const [turnSeconds, setTurnSeconds] = useState(60);
  const [code, setCode] = useState("");
  const [watchId, setWatchId] = useState("");
  const [table, setTable] = useState<TableView | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [storedGame, setStoredGame] = useState<string | null>(null);

  useEffect(() => setStoredGame(loadGame(window.localStorage)), []);

  const client = player.client;
  useEffect(() => {
    if (!client) return;
    return client.on("table", (t) => setTable((old) => (old && old.code === t.code ? t : old)));
  }, [client]);

  useEffect(() => {
    if (table?.status === "playing" && table.gameId) {
      saveGame(window.localStorage, table.gameId);
      router.push(`/play/${table.gameId}`);
    }
  }, [table, router]);

  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await f();
    } catch (e) {
      setProblem(e);
    } finally {
      setBusy(false);
    }
  };

  if (!player.loaded) return <main>Loading…</main>;

  if (!player.guest) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      void run(() => player.pickName(name));
    };
    return (
      <main className="narrow">
        <h1>Play Bang!</h1>
        <form onSubmit={submit} className="card">
          <label>
            Your name
            <input data-testid="name" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} placeholder="Calamity" required />
          </label>
          <button type="submit" data-testid="pick-name" disabled={busy}>
            Continue
          </button>
        </form>
        {problem != null && <ProblemBox error={problem} />}
      </main>
    );
  }

  const me = player.guest.player;
  return (
    <main className="narrow">
      <h1>Play Bang!</h1>
      <p>
        You are <b data-testid="me">{me.name}</b> · <span data-testid="status">{player.status}</span> ·{" "}
        <button type="button" className="link" onClick={player.forget}>
          change name
        </button>
      </p>
      {player.problem != null && (
        <ProblemBox error={player.problem} onRetry={(player.problem as { code?: string }).code === "BAD_TOKEN" ? player.forget : undefined} retryLabel="Pick a name again" />
      )}
      {problem != null && <ProblemBox error={problem} />}
      {storedGame && !table && (
        <p className="card">
          You have a game in progress: <Link href={`/play/${storedGame}`}>back to your game</Link>
        </p>
      )}
      {!table && client && (
        <>
          <p className="card">
            No friends at hand? <Link href="/play/queues" data-testid="queues-link">Join a public queue</Link>: the matchmaker finds you a table.
          </p>
          <form
            className="card"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => setTable(await client.createTable(gameMode === "duel" ? { mode: "duel", seats: 2, turnSeconds } : { seats, turnSeconds })));
            }}
          >
            <h2>New table</h2>
            <label>
              Game
              <select data-testid="mode" value={gameMode} onChange={(e) => setGameMode(e.target.value as "classic" | "duel")}>
                <option value="classic">classic (3 to 8 players)</option>
                <option value="duel">duel (2 players, RULES.md part D)</option>
              </select>
            </label>
            {gameMode === "classic" && (
            <label>
              Seats
              <select data-testid="seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
                {[3, 4, 5, 6, 7, 8].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            )}
            <label>
              Seconds per turn
              <input type="number" min={5} max={600} value={turnSeconds} onChange={(e) => setTurnSeconds(Number(e.target.value))} />
            </label>
            <button type="submit" data-testid="create-table" disabled={busy}>
              Create a table
            </button>
          </form>
          <form
            className="card"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => setTable(await client.joinTable(code.trim().toUpperCase())));
            }}
          >
            <h2>Join a table</h2>
            <label>
              Table code
              <input data-testid="code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="K7Q2ZP" required />
            </label>
            <button type="submit" data-testid="join-table" disabled={busy}>
              Join
            </button>
          </form>
          <form
            className="card"
            onSubmit={(e) => {
              e.preventDefault();
              if (watchId.trim()) router.push(`/watch/${encodeURIComponent(watchId.trim())}`);
            }}
          >
            <h2>Watch a game</h2>
            <label>
              Game id
              <input data-testid="watch-id" value={watchId} onChange={(e) => setWatchId(e.target.value)} />
            </label>
            <button type="submit">Watch</button>
          </form>
        </>
      )}
      {table && client && <Lobby table={table} me={me.id} busy={busy} run={run} setTable={setTable} client={client} />}
    </main>
  );
}
