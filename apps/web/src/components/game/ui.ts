/**
 * The UI the shell uses for a game: its folder's (src/games/registry.ts, loaded on first use), or the
 * generic fallback for a game the web app does not know (the view field by field, events as JSON
 * lines, a raw command form).
 */
"use client";
import { useEffect, useState } from "react";
import { gameUiIds, hasGameUi, loadGameUi, loadedGameUi } from "@/games/registry";
import type { GameUi } from "@/games/ui";
import { eventLine } from "@/lib/generic";
import { GenericTable } from "./GenericTable";

/** The fallback of a game without a folder: no marks to jump to, nothing beside a timeline entry. */
export const GENERIC_UI: GameUi = {
  Table: GenericTable,
  describeEvent: (event) => eventLine(event),
  marks: [],
};

/**
 * The UI of game `game` (the `game` of a snapshot, an event, a replay or a timeline): the fallback for
 * a game without a folder; null while its folder's UI loads (the page shows it is loading, never the
 * fallback for a game that has its own table).
 */
export function useGameUi(game: string | null | undefined): GameUi | null {
  const known = game ? (hasGameUi(game) ? (loadedGameUi(game) ?? null) : GENERIC_UI) : GENERIC_UI;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!game || known !== null) return;
    let live = true;
    void loadGameUi(game).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [game, known]);
  return known;
}

/**
 * Every game's UI, loaded (for the admin's history and statistics, which show many games): a lookup
 * that answers the fallback for a game without a folder and, until all are loaded, for the others too.
 */
export function useAllGameUis(): (game: string | null | undefined) => GameUi {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all(gameUiIds().map(loadGameUi)).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, []);
  return (game) => (game ? loadedGameUi(game) : undefined) ?? GENERIC_UI;
}
