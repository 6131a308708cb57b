"use client";
import { serverAlive, type ConnectionStatus } from "@bang/client";
import { useCallback, useEffect, useState } from "react";
import { useServerUrl } from "@/components/ServerContext";

/** Whether the page reaches the game server: not known yet, it answers, or it does not (the last check's answer). */
export type Reach = "unknown" | "up" | "down";

/** Pause between two checks while the server does not answer, ms. */
export const RETRY_MS = 3_000;
/** Pause between two checks while it answers and no socket says so already, ms. */
const RECHECK_MS = 15_000;
/** A check that takes longer than this counts as no answer, ms. */
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Does the game server answer (`GET /healthz`)? Checked at once, then again every RETRY_MS while it
 * does not (the page says so and offers nothing that needs it) and every RECHECK_MS while it does.
 * A player's open socket (`socket` "connected") is proof enough: no check runs meanwhile, and once the
 * socket drops the checks start again. `retry()` checks now; `checking` is true while it does.
 */
export function useServerReach(socket?: ConnectionStatus): { reach: Reach; checking: boolean; retry: () => void } {
  const url = useServerUrl();
  const [reach, setReach] = useState<Reach>("unknown");
  const [checking, setChecking] = useState(false);
  const [tick, setTick] = useState(0);
  const connected = socket === "connected";
  useEffect(() => {
    if (connected) {
      setReach("up");
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const up = await serverAlive(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!live) return;
      setReach(up ? "up" : "down");
      setChecking(false);
      timer = setTimeout(() => void check(), up ? RECHECK_MS : RETRY_MS);
    };
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, connected, tick]);
  const retry = useCallback(() => {
    setChecking(true);
    setTick((t) => t + 1);
  }, []);
  return { reach, checking, retry };
}
