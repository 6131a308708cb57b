"use client";
import { fetchReplay, fetchSeats, type BangClient, type EventMessage, type HistoryEntry, type PresenceMessage } from "@bang/client";
import type { GameView } from "@bang/protocol";
import { useEffect, useMemo, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";
import { NO_PRESENCE, type LoggedEvent, type Presence } from "@/games/ui";

/** One line of the event log (games/ui.ts). */
export type { LoggedEvent };

/**
 * A followed game, whatever the game: which game it is (the module id the server sends with every
 * snapshot and event: it picks the UI), the view the server sent last, names of the seats, the events seen.
 */
export interface GameSession {
  /** The game's id (its module's), null until the first view arrives. */
  game: string | null;
  view: GameView | null;
  seq: number;
  names: Map<string, string>;
  log: LoggedEvent[];
  /** `log` holds every entry since the game's first: its history arrived, or this page followed the game from seq 0. */
  whole: boolean;
  problem: unknown;
  /** An admin ended the game (GAME_ENDED). */
  ended: boolean;
  /** Away seats, connections and timers as the server last said them. */
  presence: Presence;
}

/** The server's presence message in this browser's clock (each timer's end as `Date.now()` ms). */
export function presenceOf(message: PresenceMessage, people: readonly string[] = [], receivedAt = Date.now()): Presence {
  return {
    away: message.away,
    replaced: message.replaced,
    connected: message.connected,
    people,
    timers: message.timers.map((t) => ({ playerId: t.playerId, endsAt: receivedAt + t.remainingMs })),
    turnMs: message.turnMs,
  };
}

/** Log lines of `entries` (the history, or a replay's entries) merged into `old`, in seq order, each seq once. */
export function mergeLog(old: readonly LoggedEvent[], entries: readonly Pick<HistoryEntry, "seq" | "by" | "events">[]): LoggedEvent[] {
  const known = new Set(old.map((l) => l.seq));
  const added = entries.filter((e) => !known.has(e.seq)).flatMap((e) => e.events.map((event) => ({ seq: e.seq, by: e.by, event })));
  if (added.length === 0) return [...old];
  return [...old, ...added].sort((a, b) => a.seq - b.seq);
}

/** Asks `client` for every entry of `gameId` so far and hands them to `merge`; a refusal (its budget) leaves the log as it is. */
function loadHistory(client: BangClient, gameId: string, merge: (entries: readonly HistoryEntry[]) => void): void {
  client.history(gameId).then(
    (h) => merge(h.entries),
    () => undefined,
  );
}

/**
 * Follows game `gameId` with `client`: resumes it as a seated player (`access: "play"`, from seq 0 after
 * a reload) or spectates it (`access: "watch"`), and keeps the latest view and every event in order.
 */
export function useGame(client: BangClient | null, gameId: string, access: "play" | "watch", token = ""): GameSession {
  const url = useServerUrl();
  const [game, setGame] = useState<string | null>(null);
  const [view, setView] = useState<GameView | null>(null);
  const [seq, setSeq] = useState(0);
  const [names, setNames] = useState(new Map<string, string>());
  const [log, setLog] = useState<LoggedEvent[]>([]);
  const [whole, setWhole] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [ended, setEnded] = useState(false);
  const [heard, setHeard] = useState<Presence>(NO_PRESENCE);
  const [people, setPeople] = useState<readonly string[]>([]);

  useEffect(() => {
    let live = true;
    fetchSeats(url, gameId)
      .then((s) => {
        if (!live) return;
        setNames(new Map(s.seats.map((x) => [x.id, x.name])));
        setPeople(s.seats.filter((x) => x.bot === null).map((x) => x.id));
      })
      .catch((e: unknown) => live && setProblem(e));
    return () => {
      live = false;
    };
  }, [url, gameId]);

  useEffect(() => {
    if (!client) return;
    let live = true;
    // A new client (another identity) follows afresh: what the last one was refused is not its problem.
    setProblem(null);
    const offState = client.on("state", (id, v, s, g) => {
      if (id !== gameId || !live) return;
      setGame(g);
      setView(v);
      setSeq(s);
    });
    const offEvent = client.on("event", (e: EventMessage) => {
      if (e.gameId !== gameId || !live) return;
      setLog((old) => mergeLog(old, [e]));
    });
    const offError = client.on("error", (e) => {
      if (e.code === "GAME_ENDED" && live) setEnded(true);
    });
    const offPresence = client.on("presence", (p) => {
      if (p.gameId === gameId && live) setHeard(presenceOf(p));
    });
    const known = client.presenceOf(gameId);
    if (known) setHeard(presenceOf(known));
    const follow = access === "play" ? client.resume(gameId) : client.spectate(gameId);
    follow
      .then((g) => {
        if (!live) return;
        setGame(g.game);
        setView(g.view);
        setSeq(g.seq);
        if (g.seq === 0) setWhole(true);
        // The whole log so far (a reload, a late spectator): what happened before this page opened.
        loadHistory(client, gameId, (entries) => {
          if (!live) return;
          setLog((old) => mergeLog(old, entries));
          setWhole(true);
        });
      })
      .catch(async (e: unknown) => {
        if (!live) return;
        // A game no node runs any more may be over: show its last table (the game's view at its end).
        if ((e as { code?: string }).code === "GAME_NOT_FOUND") {
          try {
            const stored = await fetchSeats(url, gameId);
            if (stored.status !== "running") {
              const last = await fetchReplay(url, token, gameId);
              if (!live) return;
              setGame(last.game);
              setView(last.view);
              setSeq(last.at);
              setLog((old) => mergeLog(old, last.entries.map((e) => ({ seq: e.seq, by: e.by, events: e.events ?? [] }))));
              setWhole(true);
              if (stored.status === "abandoned") setEnded(true);
              return;
            }
          } catch {
            // fall through: the game is unknown
          }
        }
        if (live) setProblem(e);
      });
    return () => {
      live = false;
      offState();
      offEvent();
      offError();
      offPresence();
    };
  }, [client, gameId, access, url, token]);

  const presence = useMemo(() => ({ ...heard, people }), [heard, people]);
  return { game, view, seq, names, log, whole, problem, ended, presence };
}
