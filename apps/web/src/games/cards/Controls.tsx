"use client";
import type { PlayerView } from "@bang/game-cards";
import { Countdown } from "@/components/table/Countdown";
import type { SendAction } from "@/components/table/controls";
import { seatTimer } from "@/components/table/presence";
import type { Presence } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";
import { CardFace } from "./CardFace";
import type { CardsCommand, CardsControls, CardsInput } from "./controls";

/**
 * The seated player's action bar, drawn from the controls model (controls.ts): the prompt with the
 * player's own countdown, what the selected card does, the hand (tap a card to play it, or to pick it
 * for a discard or Sid Ketchum's ability; only cards that can be used now are enabled), Sid Ketchum's
 * toggle, and one button per command to send. Other players' hands are never here: the view carries
 * only this player's.
 */
export function Controls({ view, me, names, controls, busy, presence, send, click }: {
  view: PlayerView;
  names: Names;
  me: string;
  controls: CardsControls;
  busy: boolean;
  presence: Presence;
  send: (s: SendAction<CardsCommand>) => void;
  click: (input: CardsInput) => void;
}) {
  const timer = seatTimer(presence, me);
  const sid = controls.inputs.some((i) => i.kind === "sid");
  const ready = controls.sends.filter((s) => s.id !== "end");
  const end = controls.sends.find((s) => s.id === "end");
  const mine = view.waitingFor[0] === me;
  return (
    <section className={`actions cards-actions${mine ? " cards-actions-mine" : ""}`} data-testid="actions" data-phase={view.phase} data-pending={view.pending?.kind ?? ""} aria-label="Your hand and actions">
      <div className="cards-prompt-row">
        <p className="prompt" data-testid="prompt" aria-live="polite">
          {controls.prompt}
        </p>
        {timer && mine && <Countdown timer={timer} label="Your time" />}
      </div>
      {controls.detail && (
        <p className="cards-detail" data-testid="card-detail">
          {controls.detail}
        </p>
      )}
      <ul className="cards-hand" data-testid="hand" aria-label={`Your hand: ${controls.hand.length} ${controls.hand.length === 1 ? "card" : "cards"}`}>
        {controls.hand.map((h) => {
          const pressed = controls.picking ? h.picked : h.selected;
          return (
            <li key={h.card}>
              <button
                type="button"
                className={`cards-hand-card${h.answers ? " cards-answers" : ""}`}
                aria-pressed={h.input ? pressed : undefined}
                disabled={busy || h.input === null}
                data-testid="hand-card"
                data-card={h.card}
                data-usable={h.input !== null}
                onClick={() => h.input && click(h.input)}
              >
                <CardFace card={h.card} />
              </button>
            </li>
          );
        })}
        {controls.hand.length === 0 && <li className="cards-empty">No card in hand.</li>}
      </ul>
      {controls.seats.length > 0 && (
        <div className="kit-chips cards-targets" role="group" aria-label="Targets" data-testid="targets">
          {controls.seats.map((o) =>
            o.send ? (
              <button key={o.player} type="button" className="kit-chip" data-testid="bar-target" data-player={o.player} disabled={busy || o.send.command === null} onClick={() => send(o.send!)}>
                {o.send.label}
              </button>
            ) : (
              <button key={o.player} type="button" className="kit-chip" aria-pressed={o.chosen} data-testid="bar-target" data-player={o.player} disabled={busy} onClick={() => o.input && click(o.input)}>
                {nameOf(names, o.player)}
              </button>
            ),
          )}
        </div>
      )}
      {(ready.length > 0 || end || sid) && (
        <div className="row sends cards-sends">
          {ready.map((s) => (
            <button key={s.id} type="button" data-testid={s.id.split("-")[0]} data-send={s.id} disabled={busy || s.command === null} onClick={() => send(s)}>
              {s.label}
            </button>
          ))}
          {sid && (
            <button type="button" className="kit-chip" aria-pressed={controls.picking} data-testid="sid" disabled={busy} onClick={() => click({ kind: "sid" })}>
              Sid Ketchum: 2 cards for 1 life
            </button>
          )}
          {end && (
            <button type="button" className="secondary" data-testid="end" data-send="end" disabled={busy || end.command === null} onClick={() => send(end)}>
              {end.label}
            </button>
          )}
        </div>
      )}
      {controls.sends.map((s) => s.why && <p key={s.id} className="why" data-testid="why">{s.why}</p>)}
    </section>
  );
}

