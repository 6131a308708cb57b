"use client";
import type { GameCommand } from "@bang/protocol";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { Actions } from "@/components/Actions";
import { EventLog } from "@/components/EventLog";
import { ProblemBox } from "@/components/ProblemBox";
import { Table } from "@/components/Table";
import { DuelPlay } from "@/components/duel/DuelPlay";
import { DuelTable } from "@/components/duel/DuelTable";
import { useGame } from "@/hooks/useGame";
import { usePlayer } from "@/hooks/usePlayer";
import { loadGame, saveGame } from "@/lib/storage";
import { mySeat } from "@/lib/table";

/** A game in the browser: as its seated player (`play`, resumed after a reload) or as a spectator (`watch`). */
export function GameScreen({ gameId, mode }: { gameId: string; mode: "play" | "watch" }) {
  const player = usePlayer();
  const [autoGuest, setAutoGuest] = useState(false);
  const game = useGame(player.client, gameId, mode, player.guest?.token ?? "");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const me = player.guest?.player.id ?? null;

  // A spectator needs an identity for the socket too: pick one for them.
  useEffect(() => {
    if (mode === "watch" && player.loaded && !player.guest && !autoGuest) {
      setAutoGuest(true);
      void player.pickName("spectator").catch(() => undefined);
    }
  }, [mode, player, autoGuest]);

  useEffect(() => {
    if (mode !== "play" || !game.view) return;
    if (game.view.phase === "gameOver" || game.ended) {
      if (loadGame(window.localStorage) === gameId) saveGame(window.localStorage, null);
    } else saveGame(window.localStorage, gameId);
  }, [mode, game.view, game.ended, gameId]);

  const client = player.client;
  const send = useCallback(
    (command: GameCommand) => {
      if (!client) return;
      setBusy(true);
      setRefusal(null);
      client
        .send(gameId, command)
        .catch((e: unknown) => setRefusal(e))
        .finally(() => setBusy(false));
    },
    [client, gameId],
  );

  if (!player.loaded) return <main>Loading…</main>;
  if (mode === "play" && !player.guest) {
    return (
      <main className="narrow">
        <div className="problem" role="alert" data-testid="problem">
          <strong>Who are you?</strong>
          <p>
            This browser has no player identity. <Link href="/play">Pick a name</Link> or <Link href={`/watch/${gameId}`}>watch this game</Link>.
          </p>
        </div>
      </main>
    );
  }
  const view = game.view;
  const seated = view && view.mode === "classic" && me ? mySeat(view, me) : null;
  const duellist = view && view.mode === "duel" && me ? view.players.some((p) => p.id === me) : false;
  return (
    <main className="game">
      <header className="game-header">
        <Link href="/play">← Lobby</Link>
        <span>
          {mode === "watch" ? "Watching" : "Playing"} game <code>{gameId.slice(0, 8)}</code>
        </span>
        <span className={`status status-${player.status}`} data-testid="status">
          {player.status}
        </span>
      </header>
      {player.problem != null && <ProblemBox error={player.problem} />}
      {player.status === "reconnecting" && (
        <p className="notice" data-testid="reconnecting">
          Connection lost: reconnecting… If it takes long, the bot plays your seat until you are back.
        </p>
      )}
      {game.problem != null && <ProblemBox error={game.problem} />}
      {game.ended && <ProblemBox error={{ code: "GAME_ENDED", message: "An admin ended this game." }} />}
      {!game.view && game.problem == null && player.problem == null && <p>Loading the table…</p>}
      {view && (
        <div className="game-grid">
          <div>
            {view.mode === "classic" ? (
              <>
                {seated && mode === "play" && (
                  <div className="me-card" data-testid="my-role">
                    Your role: <b className={`role role-${seated.role}`}>{seated.role ?? "?"}</b> · ♥ {seated.life}/{seated.maxLife} · ➶ {seated.arrows}
                  </div>
                )}
                <Table view={view} me={mode === "play" ? me : null} names={game.names} />
                {mode === "play" && me && seated && view.phase !== "gameOver" && <Actions view={view} me={me} names={game.names} send={send} busy={busy} />}
              </>
            ) : mode === "play" && me && duellist && view.phase !== "gameOver" ? (
              <DuelPlay view={view} me={me} names={game.names} send={send} busy={busy} />
            ) : (
              <DuelTable view={view} me={mode === "play" ? me : null} names={game.names} />
            )}
            {refusal != null && <ProblemBox error={refusal} />}
            {view.phase === "gameOver" && (
              <p className="card" data-testid="game-over">
                The game is over. <Link href="/play">Play again</Link>
              </p>
            )}
          </div>
          <EventLog log={game.log} names={game.names} mode={view.mode} />
        </div>
      )}
    </main>
  );
}
