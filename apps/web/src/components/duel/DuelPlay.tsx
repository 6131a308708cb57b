"use client";
import { DUEL_CARDS, duelLegalActions, FACES, type CardRef, type DuelView } from "@bang/engine";
import type { GameCommand } from "@bang/protocol";
import { useEffect, useMemo, useState } from "react";
import { addCard, changeableDice, duelPrompt, duelResolveCommand, emptyDraft, needText, playDraft, setChange, toggleEffectCard, type DuelDraft } from "@/lib/duel";
import { FACE_LABEL, rerollIndexes, type Names } from "@/lib/table";
import { Dice } from "../Dice";
import { RollControls } from "../RollControls";
import { DuelTable } from "./DuelTable";

const same = (a: CardRef) => (b: CardRef) => a.row === b.row && a.column === b.column;

/**
 * A duel as its seated player plays it (R8.2 to R8.9): the table, the dice with click-to-keep and
 * reroll, the resolution built by clicking cards (beer changes first), the secret pick and the
 * sheriff's or outlaw's cards. What is legal comes from the engine's duelLegalActions on the player's
 * own view; the draft is simulated by lib/duel before `resolve` is sent.
 */
export function DuelPlay({ view, me, names, send, busy }: { view: DuelView; me: string; names: Names; send: (c: GameCommand) => void; busy: boolean }) {
  const legal = useMemo(() => duelLegalActions(view, me), [view, me]);
  const [kept, setKept] = useState<number[]>([]);
  const [draft, setDraft] = useState<DuelDraft>(emptyDraft());
  const [chosen, setChosen] = useState<CardRef[]>([]);

  // Every new state starts from fresh choices.
  useEffect(() => {
    setKept([]);
    setDraft(emptyDraft());
    setChosen([]);
  }, [view.stateId]);

  const rerollable = legal.kind === "reroll" ? legal.rerollable : [];
  const toReroll = rerollIndexes(rerollable, kept);
  const resolving = legal.kind === "resolve";
  const outcome = resolving ? playDraft(view, me, draft) : null;
  const command = resolving ? duelResolveCommand(view, me, draft) : null;
  const dice = outcome?.dice ?? view.dice;

  const effectCards = legal.kind === "effect" ? legal.cards : [];
  const effectSide = legal.kind === "effect" ? (legal.card === "sheriff" ? "mine" : "theirs") : null;
  const marks = resolving
    ? {
        mine: { clickable: (c: CardRef) => addCard(view, me, draft, "mine", c) !== draft, onClick: (c: CardRef) => setDraft(addCard(view, me, draft, "mine", c)) },
        theirs: { clickable: (c: CardRef) => addCard(view, me, draft, "theirs", c) !== draft, onClick: (c: CardRef) => setDraft(addCard(view, me, draft, "theirs", c)) },
      }
    : legal.kind === "effect"
      ? {
          [effectSide!]: {
            clickable: (c: CardRef) => effectCards.some(same(c)),
            selected: (c: CardRef) => chosen.some(same(c)),
            onClick: (c: CardRef) => setChosen(toggleEffectCard(chosen, c, effectCards, legal.count)),
          },
        }
      : undefined;
  const myPick = view.duel?.picks.find((p) => p.player === me)?.card ?? null;

  return (
    <>
      <DuelTable view={view} me={me} names={names} preview={outcome ? { mine: outcome.mine, theirs: outcome.theirs } : undefined} marks={marks} busy={busy} showDice={false} />
      <section className="actions" data-testid="actions" data-legal={legal.kind}>
        <p className="prompt" data-testid="prompt">
          {duelPrompt(view, me, names)}
        </p>
        {dice.length > 0 && <Dice dice={dice} before={view.dice} rerollable={rerollable} kept={kept} rerolling={legal.kind === "reroll"} busy={busy} onKeep={setKept} />}
        {legal.kind === "resolve" && legal.beers.length > 0 && (
          <div className="changes" data-testid="changes">
            {legal.beers.map((beer) => {
              const current = draft.changes.find((c) => c.beer === beer);
              const targets = changeableDice(view, draft, beer);
              return (
                <label key={beer}>
                  Beer (die {beer + 1}) changes
                  <select
                    data-testid="change"
                    data-beer={beer}
                    value={current ? `${current.die}:${current.face}` : ""}
                    disabled={busy}
                    onChange={(e) => {
                      const [die, face] = e.target.value.split(":");
                      setDraft(setChange(view, draft, beer, e.target.value ? { die: Number(die), face: face as (typeof FACES)[number] } : null));
                    }}
                  >
                    <option value="">nothing (keep the beer)</option>
                    {targets.flatMap((d) =>
                      FACES.filter((f) => f !== view.dice[d]).map((f) => (
                        <option key={`${d}:${f}`} value={`${d}:${f}`}>
                          die {d + 1} ({FACE_LABEL[view.dice[d]!]}) → {FACE_LABEL[f]}
                        </option>
                      )),
                    )}
                  </select>
                </label>
              );
            })}
          </div>
        )}
        {outcome && (
          <p className="notice" data-testid="need" data-need={outcome.need.kind}>
            {outcome.molotov && <b>Molotov on the {outcome.molotov} row! </b>}
            {needText(outcome.need)}
            {outcome.ends && " This ends the game."}
          </p>
        )}
        {legal.kind === "pick" && (
          <div className="row" data-testid="pick-cards">
            {DUEL_CARDS.map((card) => (
              <button key={card} type="button" data-testid="pick" data-card={card} disabled={busy} onClick={() => send({ type: "pick", card })}>
                {card}
              </button>
            ))}
          </div>
        )}
        {view.phase === "duel" && myPick && (
          <p data-testid="my-pick">
            You picked <b>{myPick}</b> (secret until both picked); waiting for the other pick…
          </p>
        )}
        {legal.kind === "effect" && (
          <p className="notice">
            {legal.card === "sheriff" ? "Click your destroyed cards to restore" : "Click the opponent's cards to destroy"} ({chosen.length}/{Math.min(legal.count, effectCards.length)}).
          </p>
        )}
        <div className="row">
          <RollControls legal={legal} toReroll={toReroll} busy={busy} send={send} />
          {resolving && (
            <>
              <button type="button" data-testid="resolve" disabled={busy || !command} onClick={() => command && send(command)}>
                Resolve
              </button>
              <button type="button" className="secondary" data-testid="clear" disabled={busy} onClick={() => setDraft(emptyDraft())}>
                Start over
              </button>
            </>
          )}
          {legal.kind === "effect" && (
            <button type="button" data-testid="effect" disabled={busy || chosen.length !== Math.min(legal.count, effectCards.length)} onClick={() => send({ type: "effect", cards: chosen })}>
              Confirm the {legal.card}
            </button>
          )}
        </div>
      </section>
    </>
  );
}
