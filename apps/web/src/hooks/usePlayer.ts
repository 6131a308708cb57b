"use client";
import { BangClient, createGuest, serverAlive, type ConnectionStatus } from "@bang/client";
import { useCallback, useEffect, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";
import { clearGuest, clearWatcher, loadGuest, loadWatcher, saveGuest, saveWatcher, type StoredGuest } from "@/lib/storage";

/** The name of the identity a browser without a player identity makes to watch a game. */
export const WATCHER_NAME = "spectator";

/** The player in this browser: their stored guest identity and a connected SDK client. */
export interface PlayerSession {
  /** False until localStorage was read (first render on the client). */
  loaded: boolean;
  /** The identity the socket uses: the player's, or (watching only) the one made to watch. */
  guest: StoredGuest | null;
  /** True when `guest` is the identity made only to watch (see `watch`): not a player to seat. */
  watcher: boolean;
  client: BangClient | null;
  status: ConnectionStatus;
  problem: unknown;
  /** Creates a guest named `name` and keeps it as the player's identity (POST /api/guests). */
  pickName(name: string): Promise<void>;
  /**
   * Only with `watching`: creates a guest named WATCHER_NAME for the socket and keeps it apart from
   * the player's identity (storage `loadWatcher`), so that no table ever seats it.
   */
  watchAnonymously(): Promise<void>;
  /**
   * Only with `watching`: watches with the identity made to watch (the stored one, else a new one)
   * instead of the player's, which stays stored as it is (a player page asks a name again when it no
   * longer verifies).
   */
  watchInstead(): Promise<void>;
  /** Forgets the identity in use (the player's: and the game it sat at). */
  forget(): void;
}

/**
 * Thin hook over @bang/client: one BangClient per stored guest, closed on unmount. `watching` (a page
 * that only watches a game): without a player identity, the identity made to watch is used, if any.
 */
export function usePlayer({ watching = false }: { watching?: boolean } = {}): PlayerSession {
  const url = useServerUrl();
  const [loaded, setLoaded] = useState(false);
  const [guest, setGuest] = useState<StoredGuest | null>(null);
  const [watcher, setWatcher] = useState(false);
  const [client, setClient] = useState<BangClient | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>("idle");
  const [problem, setProblem] = useState<unknown>(null);

  useEffect(() => {
    const own = loadGuest(window.localStorage);
    const forWatching = !own && watching ? loadWatcher(window.localStorage) : null;
    setGuest(own ?? forWatching);
    setWatcher(forWatching !== null);
    setLoaded(true);
  }, [watching]);

  useEffect(() => {
    if (!guest) return;
    const c = new BangClient({ url, token: guest.token, reconnect: { initialDelayMs: 200, maxDelayMs: 5_000 } });
    const off = c.on("connection", (s, detail) => {
      setStatus(s);
      if (s === "connected") setProblem(null);
      if (detail.error) setProblem(detail.error);
    });
    setClient(c);
    let live = true;
    c.connect().catch(async (e: unknown) => {
      // A client closed because the identity changed (its CLOSED) is no problem of the page's.
      if (!live) return;
      // No welcome in time: say "down" when the server does not even answer its health check.
      const down = (e as { code?: string }).code === "TIMEOUT" && !(await serverAlive(url));
      if (live) setProblem(down ? { code: "NETWORK", message: `the game server at ${url} does not answer` } : e);
    });
    return () => {
      live = false;
      off();
      setClient(null);
      void c.close();
    };
  }, [guest, url]);

  const pickName = useCallback(
    async (name: string) => {
      setProblem(null);
      const g = await createGuest(url, name);
      const stored = { token: g.token, player: g.player };
      saveGuest(window.localStorage, stored);
      setGuest(stored);
      setWatcher(false);
    },
    [url],
  );

  const watchAnonymously = useCallback(async () => {
    if (!watching) throw new Error("usePlayer: watchAnonymously is for pages that only watch");
    setProblem(null);
    const g = await createGuest(url, WATCHER_NAME);
    const stored = { token: g.token, player: g.player };
    saveWatcher(window.localStorage, stored);
    setGuest(stored);
    setWatcher(true);
  }, [url, watching]);

  const watchInstead = useCallback(async () => {
    if (!watching) throw new Error("usePlayer: watchInstead is for pages that only watch");
    setProblem(null);
    const kept = loadWatcher(window.localStorage);
    if (kept) {
      setGuest(kept);
      setWatcher(true);
      return;
    }
    await watchAnonymously();
  }, [watching, watchAnonymously]);

  const forget = useCallback(() => {
    if (watcher) clearWatcher(window.localStorage);
    else clearGuest(window.localStorage);
    setGuest(null);
    setWatcher(false);
    setProblem(null);
  }, [watcher]);

  return { loaded, guest, watcher, client, status, problem, pickName, watchAnonymously, watchInstead, forget };
}
