"use client";
import { fetchReplay, fetchSeats, type BangClient, type EventMessage } from "@bang/client";
import type { AnyPlayerView, DuelEvent, GameEvent } from "@bang/engine";
import { useEffect, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";

/** One line of the event log. */
export interface LoggedEvent {
  seq: number;
  by: string;
  /** A classic event, or a duel's (RULES.md part D) in a duel game: read it with the view's `mode`. */
  event: GameEvent | DuelEvent;
}

/** A followed game, classic or duel: the view the server sent last, names of the seats, the events seen. */
export interface GameSession {
  view: AnyPlayerView | null;
  seq: number;
  names: Map<string, string>;
  log: LoggedEvent[];
  problem: unknown;
  /** An admin ended the game (GAME_ENDED). */
  ended: boolean;
}

/**
 * Follows game `gameId` with `client`: resumes it as a seated player (`mode: "play"`, from seq 0 after
 * a reload) or spectates it (`mode: "watch"`), and keeps the latest view and every event in order.
 */
export function useGame(client: BangClient | null, gameId: string, mode: "play" | "watch", token = ""): GameSession {
  const url = useServerUrl();
  const [view, setView] = useState<AnyPlayerView | null>(null);
  const [seq, setSeq] = useState(0);
  const [names, setNames] = useState(new Map<string, string>());
  const [log, setLog] = useState<LoggedEvent[]>([]);
  const [problem, setProblem] = useState<unknown>(null);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSeats(url, gameId)
      .then((s) => live && setNames(new Map(s.seats.map((x) => [x.id, x.name]))))
      .catch((e: unknown) => live && setProblem(e));
    return () => {
      live = false;
    };
  }, [url, gameId]);

  useEffect(() => {
    if (!client) return;
    let live = true;
    const offState = client.on("state", (id, v, s) => {
      if (id !== gameId || !live) return;
      setView(v);
      setSeq(s);
    });
    const offEvent = client.on("event", (e: EventMessage) => {
      if (e.gameId !== gameId || !live) return;
      const events = e.events as (GameEvent | DuelEvent)[];
      setLog((old) => (old.some((l) => l.seq === e.seq) ? old : [...old, ...events.map((event) => ({ seq: e.seq, by: e.by, event }))]));
    });
    const offError = client.on("error", (e) => {
      if (e.code === "GAME_ENDED" && live) setEnded(true);
    });
    const follow = mode === "play" ? client.resume(gameId) : client.spectate(gameId);
    follow
      .then((g) => {
        if (!live) return;
        setView(g.view);
        setSeq(g.seq);
      })
      .catch(async (e: unknown) => {
        if (!live) return;
        // A game no node runs any more may be over: show its last table (every role shows at game over).
        if ((e as { code?: string }).code === "GAME_NOT_FOUND") {
          try {
            const stored = await fetchSeats(url, gameId);
            if (stored.status !== "running") {
              const last = await fetchReplay(url, token, gameId);
              if (!live) return;
              setView(last.view);
              setSeq(last.at);
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
    };
  }, [client, gameId, mode, url, token]);

  return { view, seq, names, log, problem, ended };
}
