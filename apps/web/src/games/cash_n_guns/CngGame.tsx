"use client";
import type { CngView } from "@bang/game-cash-n-guns";
import type { GameCommand } from "@bang/protocol";
import { useMemo, useState } from "react";
import { MotionRoot, MotionToggle } from "@/components/table/motion";
import type { TableProps } from "@/games/ui";
import { Actions } from "./Actions";
import { CngTable } from "./CngTable";
import { applyInput, cngControls, emptyDraft, offers, type CngWire } from "./controls";
import { EMPTY_MEMORY, remember, showdownOnOpen, type Memory } from "./reveal";
import { LootStrip } from "./LootStrip";
import { CngRules } from "./Rules";
import { Scores } from "./Scores";
import type { SeatTap } from "./Seat";
import { ShowdownPanel } from "./ShowdownPanel";
import { mySeat } from "./table";

/**
 * Ca$h 'n Guns as the shell shows it: the table (kit SeatRing) for everyone, the seated player's
 * controls (a seat tapped to aim or order, then confirmed; cards, courage and loot as buttons), the
 * round's showdown, the final scores and the rules in short. What the table remembers between views
 * (the showdown, the tile's taker, the lines to draw) comes from reveal.ts, and after a reload the last
 * round's showdown from the shell's log (reveal.ts `showdownOnOpen`); the controls from
 * controls.ts, with a draft that starts afresh with every new view.
 */
export function CngGame({ view: raw, me, names, send, busy, presence, log }: TableProps) {
  const view = raw as unknown as CngView;
  const [memory, setMemory] = useState<Memory>(() => remember(EMPTY_MEMORY, view));
  if (memory.view?.stateId !== view.stateId) setMemory(remember(memory, view));
  const [draft, setDraft] = useState(() => ({ stateId: view.stateId, value: emptyDraft() }));
  const current = draft.stateId === view.stateId ? draft.value : emptyDraft();
  if (draft.stateId !== view.stateId) setDraft({ stateId: view.stateId, value: current });

  const seat = mySeat(view, me);
  const playing = seat !== null && send !== null && me !== null && view.phase !== "game_over";
  const controls = useMemo(() => cngControls(view, me ?? "", current, names), [view, me, current, names]);
  const sendWire = (c: CngWire) => send?.(c as unknown as GameCommand);
  const seatTap = (id: string): SeatTap | null => {
    if (!playing || !controls.seatVerb) return null;
    const input = { kind: "seat" as const, player: id };
    if (!offers(controls, input)) return null;
    const chosen = controls.chosen === id;
    const confirm = chosen ? controls.sends.find((s) => s.command !== null && s.id !== "pass") : undefined;
    return {
      verb: controls.seatVerb,
      chosen,
      disabled: busy,
      onTap: () => setDraft({ stateId: view.stateId, value: applyInput(current, input) }),
      confirm: confirm?.command ? { label: controls.seatVerb === "Order" ? "Confirm order" : "Confirm aim", send: () => sendWire(confirm.command!) } : null,
    };
  };
  const take = playing ? (card: string) => controls.sends.find((x) => x.id === `take-${card}`)?.command ?? null : null;
  // A page just opened remembers no showdown: the last round's comes from the log (the history arrives after the view).
  const rebuilt = useMemo(() => (memory.showdown === null && log ? showdownOnOpen(view, log) : null), [memory.showdown, log, view]);
  const showdown = memory.showdown ?? rebuilt;
  const showdownNow = showdown !== null && showdown.round === view.round && (view.phase === "sharing" || view.phase === "game_over");
  return (
    <MotionRoot className="cng-game">
      <div className="kit-toolbar">
        <span data-testid="who">{seat && send ? (!seat.alive ? "You are dead: watching." : view.godfather === seat.id ? "You are the Godfather (your seat is at the bottom)." : "Your seat is at the bottom.") : me ? "" : "Watching"}</span>
        <MotionToggle />
      </div>
      <CngTable view={view} me={me} names={names} presence={presence} lines={memory.lines} linesToken={memory.linesToken} showdown={showdown} tileTaker={memory.tileTaker} seatTap={seatTap} />
      {playing && seat ? (
        <Actions controls={controls} seat={seat} presence={presence} send={sendWire} busy={busy} />
      ) : (
        view.phase !== "game_over" && (
          <p className="prompt cng-status" data-testid="status-line" aria-live="polite">
            {controls.prompt}
          </p>
        )
      )}
      {view.phase !== "game_over" && <LootStrip view={view} me={me} names={names} take={take} send={playing ? sendWire : null} busy={busy} />}
      <Scores view={view} me={me} names={names} />
      {showdown && (showdownNow || view.phase === "bullet_choice" || view.phase === "hold_up") && <ShowdownPanel showdown={showdown} me={me} names={names} current={showdownNow} />}
      <CngRules />
    </MotionRoot>
  );
}
