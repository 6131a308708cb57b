"use client";
import type { PlayerView } from "@bang/game-dice";
import type { Presence } from "@/games/ui";
import { SeatRing } from "@/components/table/SeatRing";
import type { SeatLine } from "@/components/table/ShotLines";
import { nameOf, namesOf, type Names } from "@/lib/names";
import { Dice } from "./Dice";
import { FACE_HELP } from "./help";
import { Seat } from "./Seat";
import { seatDistance } from "./table";

const PHASE_WORDS: Record<PlayerView["phase"], string> = { rolling: "rolling", resolving: "resolving the dice", reaction: "Bart Cassidy answers", indianAttack: "Indian attack", gameOver: "game over" };

/**
 * The dice game's table for every viewer: the seats around the oval (kit SeatRing: the viewer at the
 * bottom, distances from them, R3.4), and in the middle the pile of arrows (R1.5) and the turn's dice
 * (their meaning on tap). `tokens` make thrown dice tumble; `lines` are the last resolution's hits.
 */
export function DiceTable({ view, me, names, presence, tokens, lines, showDice = true }: { view: PlayerView; me: string | null; names: Names; presence: Presence; tokens: readonly number[]; lines: readonly SeatLine[]; showDice?: boolean }) {
  const seats = view.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), out: !p.alive }));
  return (
    <section className="table dice-table" data-testid="table" data-state-id={view.stateId} data-phase={view.phase} aria-label="The table">
      <SeatRing
        seats={seats}
        viewer={me}
        toAct={view.waitingFor}
        presence={presence}
        distance={(a, b) => seatDistance(view, a, b)}
        label={`Table of ${view.players.length} players`}
        lines={lines}
        linesToken={view.stateId}
        renderSeat={(s, place) => <Seat view={view} seat={view.players.find((p) => p.id === s.id)!} place={place} names={names} />}
        center={
          <div className="dice-center">
            <div className="pile">
              <span aria-hidden="true">➶</span> <b data-testid="pile">{view.arrowsInPile}</b> in the pile
            </div>
            <div className="turn-line">
              Turn {view.turnNumber}: {nameOf(names, view.turn)}, {PHASE_WORDS[view.phase]}
            </div>
            {showDice && view.dice.length > 0 && <Dice dice={view.dice} meaning={(f) => FACE_HELP[f]} tokens={tokens} size={28} label={`${nameOf(names, view.turn)}'s dice`} testId="table-dice" />}
          </div>
        }
      />
      {view.winner && (
        <div className="winner" data-testid="winner" role="status">
          Winner: <b>{view.winner.team}</b> ({namesOf(names, view.winner.players)})
        </div>
      )}
    </section>
  );
}
