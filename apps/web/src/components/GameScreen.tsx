"use client";
import type { GameCommand } from "@bang/protocol";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { EventLog } from "@/components/EventLog";
import { TurnClocks } from "@/components/TurnClocks";
import "./game-shell.css";
import { ProblemBox } from "@/components/ProblemBox";
import { useGameUi } from "@/components/game/ui";
import { NO_PRESENCE } from "@/games/ui";
import { useGame } from "@/hooks/useGame";
import { usePlayer } from "@/hooks/usePlayer";
import { isOver } from "@/lib/generic";
import { loadGame, saveGame } from "@/lib/storage";

/**
 * A game in the browser, whatever the game: as its seated player (`play`, resumed after a reload) or as
 * a spectator (`watch`). The table and the event log's sentences are the game's UI, found by the `game`
 * the server sends (the generic fallback for a game without a UI folder); the rest is the shell's.
 */
export function GameScreen({ gameId, access }: { gameId: string; access: "play" | "watch" }) {
  const player = usePlayer({ watching: access === "watch" });
  const [autoGuest, setAutoGuest] = useState(false);
  const renewed = useRef(false);
  const game = useGame(player.client, gameId, access, player.guest?.token ?? "");
  const ui = useGameUi(game.game);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const me = player.guest?.player.id ?? null;

  // A spectator needs an identity for the socket too: one made for watching only, kept apart from the
  // player's identity, so that a later invite link asks this person's name instead of seating it.
  useEffect(() => {
    if (access === "watch" && player.loaded && !player.guest && !autoGuest) {
      setAutoGuest(true);
      void player.watchAnonymously().catch(() => undefined);
    }
  }, [access, player, autoGuest]);
  // The identity made for watching no longer verifies (the server's data was reset): make a new one,
  // once; nothing of the person's is lost with it. The player's own identity no longer verifying does
  // not keep them from watching: the identity made to watch is used instead, once.
  const fellBack = useRef(false);
  useEffect(() => {
    const badToken = (player.problem as { code?: string } | null)?.code === "BAD_TOKEN";
    if (player.watcher && badToken && !renewed.current) {
      renewed.current = true;
      player.forget();
      setAutoGuest(false);
    } else if (access === "watch" && !player.watcher && badToken && !fellBack.current) {
      fellBack.current = true;
      void player.watchInstead().catch(() => undefined);
    }
  }, [player, access]);

  useEffect(() => {
    if (access !== "play" || !game.view) return;
    if (isOver(game.view) || game.ended) {
      if (loadGame(window.localStorage) === gameId) saveGame(window.localStorage, null);
    } else saveGame(window.localStorage, gameId);
  }, [access, game.view, game.ended, gameId]);

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
  const [takingBack, setTakingBack] = useState(false);
  const takeSeatBack = useCallback(() => {
    if (!client) return;
    setTakingBack(true);
    setRefusal(null);
    client
      .takeSeatBack(gameId)
      .catch((e: unknown) => setRefusal(e))
      .finally(() => setTakingBack(false));
  }, [client, gameId]);

  if (!player.loaded) return <main>Loading…</main>;
  if (access === "play" && !player.guest) {
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
  // A game an admin ended waits for nobody: no seat keeps its "to act" mark.
  const view = game.ended && game.view ? { ...game.view, waitingFor: [] } : game.view;
  const seated = access === "play" && me !== null;
  const away = seated && game.presence.away.includes(me);
  const replaced = seated && game.presence.replaced.includes(me);
  // Nobody may act in a game an admin ended, nor in a seat an admin gave to the bot.
  const canSend = seated && !game.ended && !replaced;
  // A game that is over or was ended has no clock and nobody away.
  const presence = game.ended || (view && isOver(view)) ? NO_PRESENCE : game.presence;
  return (
    <main className="game">
      <header className="game-header">
        <Link href="/play">← Lobby</Link>
        <span>
          {access === "watch" ? "Watching" : "Playing"} game <code>{gameId.slice(0, 8)}</code>
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
      {game.ended && (
        <p className="notice notice-ended" role="alert" data-testid="game-ended">
          An admin ended this game: no more moves can be made. <Link href="/play">Back to the lobby</Link>
        </p>
      )}
      {away && !replaced && !game.ended && (
        <div className="notice away-banner" role="alert" data-testid="away-banner">
          <span>The bot is playing for you: your time ran out or your connection dropped.</span>
          <button type="button" onClick={takeSeatBack} disabled={takingBack} data-testid="take-seat-back">
            Take my seat back
          </button>
        </div>
      )}
      {replaced && !game.ended && (
        <p className="notice" role="status" data-testid="replaced-notice">
          An admin gave your seat to the bot for the rest of this game. You can keep watching.
        </p>
      )}
      {(!game.view || !ui) && game.problem == null && player.problem == null && <p>Loading the table…</p>}
      {view && ui && (
        <div className="game-grid">
          <div className="game-ui" data-testid="game" data-game={game.game ?? ""}>
            {!ui.drawsPresence && <TurnClocks presence={presence} names={game.names} me={seated ? me : null} />}
            <ui.Table view={view} me={seated ? me : null} names={game.names} send={canSend ? send : null} busy={busy} presence={presence} log={game.log} />
            {refusal != null && <ProblemBox error={refusal} />}
            {isOver(view) && (
              <p className="card" data-testid="game-over">
                The game is over. <Link href="/play">Play again</Link>
              </p>
            )}
          </div>
          <EventLog log={game.log} names={game.names} ui={ui} whole={game.whole} />
        </div>
      )}
    </main>
  );
}
