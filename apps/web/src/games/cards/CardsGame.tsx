"use client";
import type { PlayerView } from "@bang/game-cards";
import type { GameCommand } from "@bang/protocol";
import { useMemo, useState } from "react";
import type { SendAction } from "@/components/table/controls";
import { Help } from "@/components/table/Help";
import { MotionRoot, MotionToggle } from "@/components/table/motion";
import type { SeatLine } from "@/components/table/ShotLines";
import type { TableProps } from "@/games/ui";
import { CardsTable } from "./CardsTable";
import { Controls } from "./Controls";
import { applyInput, cardsControls, initialDraft, offers, type CardsCommand, type CardsDraft, type CardsInput } from "./controls";
import { CHARACTER_HELP, ROLE_HELP } from "./help";
import { windowLines } from "./motion";
import { CardsRules } from "./Rules";
import { mySeat } from "./table";
import { characterName } from "./words";

/**
 * Bang! the card game as the shell shows it: the seated player's role and character, the table (kit
 * SeatRing) for everyone, the seated player's hand and actions, and the rules in short. The draft (the
 * card tapped, its target, the cards picked) lives here, since a target is tapped on a seat and a card
 * in the hand; it starts afresh with every new view.
 */
export function CardsGame({ view: raw, me, names, send, busy, presence }: TableProps) {
  const view = raw as unknown as PlayerView;
  const seated = mySeat(view, me);
  const [draft, setDraft] = useState<{ stateId: number; value: CardsDraft }>(() => ({ stateId: view.stateId, value: initialDraft() }));
  const [motion, setMotion] = useState<{ view: PlayerView; lines: SeatLine[] }>({ view, lines: [] });
  if (motion.view.stateId !== view.stateId) setMotion({ view, lines: windowLines(motion.view, view) });
  const current = draft.stateId === view.stateId ? draft.value : initialDraft();
  if (draft.stateId !== view.stateId) setDraft({ stateId: view.stateId, value: current });
  const playing = seated !== null && send !== null && me !== null && view.phase !== "gameOver";
  const controls = useMemo(() => (playing ? cardsControls(view, me!, current, names) : null), [playing, view, me, current, names]);
  const click = (input: CardsInput) => {
    if (controls && offers(controls, input)) setDraft({ stateId: view.stateId, value: applyInput(current, input) });
  };
  const sendAction = (s: SendAction<CardsCommand>) => {
    if (send && s.command) send(s.command as GameCommand);
  };
  return (
    <MotionRoot className="cards-game">
      <div className="kit-toolbar">
        {seated && send ? (
          <span className="me-card" data-testid="my-role" data-player={seated.id}>
            You are{" "}
            {seated.role ? (
              <Help term={<span className={`role role-${seated.role}`}>{seated.role}</span>}>
                {ROLE_HELP[seated.role].text} ({ROLE_HELP[seated.role].rule})
              </Help>
            ) : (
              <span className="role hidden">?</span>
            )}{" "}
            ·{" "}
            <Help term={characterName(seated.character)}>
              {CHARACTER_HELP[seated.character].text} ({CHARACTER_HELP[seated.character].rule})
            </Help>
          </span>
        ) : (
          <span>{me ? "" : "Watching"}</span>
        )}
        <MotionToggle />
      </div>
      <CardsTable view={view} me={me} playing={playing} names={names} presence={presence} offers={controls?.seats ?? []} busy={busy} lines={motion.lines} onSend={sendAction} onInput={(o) => o.input && click(o.input)} />
      {controls && me && <Controls view={view} me={me} names={names} controls={controls} busy={busy} presence={presence} send={sendAction} click={click} />}
      <CardsRules />
    </MotionRoot>
  );
}
