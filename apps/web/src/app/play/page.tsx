"use client";
import { fetchSeats } from "@bang/client";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { JoinBox } from "@/components/JoinBox";
import { Lobby } from "@/components/Lobby";
import { NewTable } from "@/components/NewTable";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { ServerDown } from "@/components/ServerDown";
import { WatchBox } from "@/components/WatchBox";
import { usePlayer } from "@/hooks/usePlayer";
import { useAction, useLobbyTable } from "@/hooks/useLobbyTable";
import { useServerReach } from "@/hooks/useServerReach";
import { codeOf } from "@/lib/errors";
import { isMyRunningGame } from "@/lib/lobby";
import { loadGame, saveGame } from "@/lib/storage";

/**
 * Pick a name, create a table of any game the server hosts (with bots) or join one by its code (or a
 * game by its id), start, or watch a game; back to the game in progress where this player has a seat.
 * While the server cannot be reached the page says so, tries again, and offers no form.
 */
export default function PlayPage() {
  const url = useServerUrl();
  const player = usePlayer();
  const server = useServerReach(player.client ? player.status : undefined);
  const [name, setName] = useState("");
  const [storedGame, setStoredGame] = useState<string | null>(null);

  // The kept game is offered only once the server says it runs and this player has a seat in it.
  const meId = player.guest?.player.id ?? null;
  const up = server.reach === "up";
  useEffect(() => {
    const kept = meId && up ? loadGame(window.localStorage) : null;
    setStoredGame(null);
    if (!kept || !meId) return;
    let live = true;
    fetchSeats(url, kept)
      .then((g) => {
        if (!live) return;
        if (isMyRunningGame(g, meId)) setStoredGame(kept);
        else saveGame(window.localStorage, null);
      })
      .catch((e: unknown) => {
        if (live && codeOf(e) === "GAME_NOT_FOUND") saveGame(window.localStorage, null);
      });
    return () => {
      live = false;
    };
  }, [url, meId, up]);

  const client = player.client;
  const [table, setTable] = useLobbyTable(client);
  const { busy, problem, setProblem, run } = useAction();
  if (!player.loaded) return <main>Loading…</main>;
  if (server.reach !== "up") {
    return (
      <main className="narrow">
        <h1>Play Bang!</h1>
        {server.reach === "down" ? <ServerDown retry={server.retry} checking={server.checking} /> : <p data-testid="reaching">Reaching the game server…</p>}
      </main>
    );
  }

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
        <p className="card" data-testid="game-in-progress">
          You have a game in progress: <Link href={`/play/${storedGame}`}>back to your game</Link>
        </p>
      )}
      {!table && client && (
        <>
          <p className="card">
            No friends at hand? <Link href="/play/queues" data-testid="queues-link">Join a public queue</Link>: the matchmaker finds you a table.
          </p>
          <NewTable client={client} busy={busy} run={run} setTable={setTable} />
          <JoinBox client={client} me={me.id} busy={busy} run={run} setTable={setTable} />
          <WatchBox me={me.id} />
        </>
      )}
      {table && client && <Lobby table={table} me={me.id} busy={busy} run={run} setTable={setTable} client={client} />}
    </main>
  );
}
