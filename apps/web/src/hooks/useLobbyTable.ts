"use client";
import type { BangClient } from "@bang/client";
import type { TableView } from "@bang/protocol";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { saveGame } from "@/lib/storage";

/**
 * The table this page sits at (the lobby's, and an invite link's): kept current from the server's
 * `table` pushes for that table, and once its game starts the page goes to the game (kept as the game
 * in progress). Returns the table and its setter (a create, a join, a leave set it).
 */
export function useLobbyTable(client: BangClient | null): [TableView | null, Dispatch<SetStateAction<TableView | null>>] {
  const router = useRouter();
  const [table, setTable] = useState<TableView | null>(null);
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
  return [table, setTable];
}

/**
 * One action at a time for a page's forms: `run(f)` marks the page busy, clears the last problem, runs
 * `f` and keeps what it threw as the problem (shown by the page).
 */
export function useAction(): { busy: boolean; problem: unknown; setProblem: (p: unknown) => void; run: (f: () => Promise<unknown>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const run = useCallback(async (f: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await f();
    } catch (e) {
      setProblem(e);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, problem, setProblem, run };
}
