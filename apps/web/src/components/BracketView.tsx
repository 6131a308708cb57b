"use client";
import type { TournamentBracket } from "@bang/client";
import "brackets-viewer/dist/brackets-viewer.min.css";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import { gamesOfMatches, viewerData } from "@/lib/bracket";

/** A match's game on the admin's game page (the default of BracketView's `gameHref`). */
const adminGamePage = (gameId: string) => `/admin/games/${gameId}`;

/** The id of the element brackets-viewer renders into (its render() takes a selector). */
const ROOT_ID = "bracket-view";

/**
 * A head-to-head tournament's bracket drawn by brackets-viewer: participants by name, each finished
 * match's winner (W/L), and a click on a match with a game opens that game's page (`gameHref`: the
 * admin's game page unless told otherwise). The library
 * touches `window` when it loads, so it is imported here, in the browser, only (never server-side);
 * the page re-draws only when the bracket's data changed.
 */
export function BracketView({ bracket, nameOf, gameHref = adminGamePage }: { bracket: TournamentBracket; nameOf: (playerId: string) => string | undefined; gameHref?: (gameId: string) => string }) {
  const router = useRouter();
  const root = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const data = useMemo(() => viewerData(bracket, nameOf), [bracket, nameOf]);
  const key = useMemo(() => JSON.stringify(data), [data]);
  const games = useMemo(() => gamesOfMatches(bracket), [bracket]);

  useEffect(() => {
    let live = true;
    (async () => {
      await import("brackets-viewer/dist/brackets-viewer.min.js");
      if (!live) return;
      await window.bracketsViewer.render(data, {
        selector: `#${ROOT_ID}`,
        clear: true,
        participantOriginPlacement: "none",
        onMatchClick: (match) => {
          const gameId = games.get(Number(match.id));
          if (gameId) router.push(gameHref(gameId));
        },
      });
      // Marks the matches that open a game (for the pointer and for tests).
      for (const el of root.current?.querySelectorAll<HTMLElement>(".match[data-match-id]") ?? []) {
        const gameId = games.get(Number(el.dataset.matchId));
        if (gameId) {
          el.dataset.gameId = gameId;
          el.title = "Open this match's game";
          el.classList.add("has-game");
        }
      }
      setProblem(null);
    })().catch((e: unknown) => live && setProblem(new Error(`The bracket could not be drawn: ${e instanceof Error ? e.message : String(e)}`)));
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {problem != null && <ProblemBox error={problem} />}
      <div id={ROOT_ID} ref={root} className="brackets-viewer" data-testid="bracket" data-format={bracket.format} />
    </>
  );
}
