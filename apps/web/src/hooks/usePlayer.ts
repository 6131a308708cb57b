"use client";
import { BangClient, createGuest, serverAlive, type ConnectionStatus } from "@bang/client";
import { useCallback, useEffect, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";
import { clearGuest, loadGuest, saveGuest, type StoredGuest } from "@/lib/storage";

/** The player in this browser: their stored guest identity and a connected SDK client. */
export interface PlayerSession {
  /** False until localStorage was read (first render on the client). */
  loaded: boolean;
  guest: StoredGuest | null;
  client: BangClient | null;
  status: ConnectionStatus;
  problem: unknown;
  /** Creates a guest named `name` and keeps it (POST /api/guests). */
  pickName(name: string): Promise<void>;
  /** Forgets the identity (and the game it sat at). */
  forget(): void;
}

/** Thin hook over @bang/client: one BangClient per stored guest, closed on unmount. */
export function usePlayer(): PlayerSession {
  const url = useServerUrl();
  const [loaded, setLoaded] = useState(false);
  const [guest, setGuest] = useState<StoredGuest | null>(null);
  const [client, setClient] = useState<BangClient | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>("idle");
  const [problem, setProblem] = useState<unknown>(null);

  useEffect(() => {
    setGuest(loadGuest(window.localStorage));
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (!guest) return;
    const c = new BangClient({ url, token: guest.token, reconnect: { initialDelayMs: 200, maxDelayMs: 5_000 } });
    const off = c.on("connection", (s, detail) => {
      setStatus(s);
      if (s === "connected") setProblem(null);
      if (detail.error) setProblem(detail.error);
    });
    setClient(c);
    c.connect().catch(async (e: unknown) => {
      // No welcome in time: say "down" when the server does not even answer its health check.
      const down = (e as { code?: string }).code === "TIMEOUT" && !(await serverAlive(url));
      setProblem(down ? { code: "NETWORK", message: `the game server at ${url} does not answer` } : e);
    });
    return () => {
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
    },
    [url],
  );

  const forget = useCallback(() => {
    clearGuest(window.localStorage);
    setGuest(null);
    setProblem(null);
  }, []);

  return { loaded, guest, client, status, problem, pickName, forget };
}
