"use client";
import type { CngSeatView } from "@bang/game-cash-n-guns";
import { Countdown } from "@/components/table/Countdown";
import { Help } from "@/components/table/Help";
import { seatTimer } from "@/components/table/presence";
import type { Presence } from "@/games/ui";
import { BULLET_WORDS, type CngControls, type CngWire } from "./controls";
import { BULLET_HELP, COURAGE_HELP } from "./help";

/** The help of a send button, by its id (bullet and courage buttons explain their card or choice). */
function helpOf(id: string) {
  if (id === "bullet-click") return { word: BULLET_WORDS.click, ...BULLET_HELP.click };
  if (id === "bullet-bang") return { word: BULLET_WORDS.bang, ...BULLET_HELP.bang };
  if (id === "stand") return { word: "Stand", ...COURAGE_HELP.stand };
  if (id === "lie_down") return { word: "Lie down", ...COURAGE_HELP.lie_down };
  return null;
}

/**
 * The seated player's action bar, drawn from the controls model (controls.ts): the prompt with the
 * player's own countdown, their bullet cards in hand and used (F8.3: theirs alone), and one button per
 * command (loading a card, confirming the aim or the order, passing, standing or lying down). Taking
 * loot is done on the loot cards themselves (CngTable) and seats are tapped on the ring.
 */
export function Actions({ controls, seat, presence, send, busy }: { controls: CngControls; seat: CngSeatView; presence: Presence; send: (c: CngWire) => void; busy: boolean }) {
  const timer = seatTimer(presence, seat.id);
  const buttons = controls.sends.filter((s) => !s.id.startsWith("take-"));
  return (
    <section className="actions cng-actions" data-testid="actions" data-legal={controls.legal.kind} aria-label="Your actions">
      <div className="cng-prompt-row">
        <p className="prompt" data-testid="prompt" aria-live="polite">
          {controls.prompt}
        </p>
        {timer && <Countdown timer={timer} label="Your time" />}
      </div>
      {seat.hand && seat.alive && (
        <p className="cng-hand-line" data-testid="my-hand" data-click={seat.hand.click} data-bang={seat.hand.bang}>
          Your bullets: <b>{seat.hand.click}</b> Click · <b>{seat.hand.bang}</b> Bang! in hand
          {seat.discard && seat.discard.click + seat.discard.bang > 0 && (
            <span className="cng-muted">
              {" "}
              (used: {seat.discard.click} Click, {seat.discard.bang} Bang!)
            </span>
          )}
        </p>
      )}
      {buttons.length > 0 && (
        <div className="row sends cng-sends">
          {buttons.map((s) => {
            const help = helpOf(s.id);
            return (
              <span key={s.id} className="cng-send">
                <button type="button" className={s.id === "pass" || s.id === "lie_down" ? "secondary" : undefined} data-testid={s.id} data-send={s.id} disabled={busy || s.command === null} onClick={() => s.command && send(s.command)}>
                  {s.label}
                </button>
                {help && (
                  <Help term="?" label={`What ${help.word} means`} className="cng-info">
                    <b>{help.word}</b>: {help.text} ({help.rule})
                  </Help>
                )}
              </span>
            );
          })}
        </div>
      )}
      {controls.sends.map((s) => s.why && s.command === null && <p key={s.id} className="why" data-testid="why">{s.why}</p>)}
    </section>
  );
}
