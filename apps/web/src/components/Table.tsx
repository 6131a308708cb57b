"use client";
import type { PlayerView } from "@bang/engine";
import { characterName, FACE_LABEL, FACE_SYMBOL, seatsAround, type Names } from "@/lib/table";

/** The table: every seat (life, arrows, character, the roles this view shows), the pile and the dice. */
export function Table({ view, me, names }: { view: PlayerView; me: string | null; names: Names }) {
  const seats = seatsAround(view, me, names);
  return (
    <section className="table" data-testid="table" data-state-id={view.stateId} data-phase={view.phase}>
      <div className="pile">
        Arrows in the pile: <b data-testid="pile">{view.arrowsInPile}</b> · Turn {view.turnNumber} · {view.phase}
      </div>
      <ul className="seats">
        {seats.map((s) => (
          <li key={s.id} className={`seat${s.isMe ? " me" : ""}${s.isTurn ? " turn" : ""}${s.alive ? "" : " dead"}`} data-testid="seat" data-player={s.id}>
            <div className="seat-name">
              {s.name}
              {s.isMe && " (you)"}
              {s.isWaiting && <span className="badge">to act</span>}
            </div>
            <div className="seat-character">{characterName(s.character)}</div>
            <div className="seat-role" data-testid="role">
              {s.role ? <span className={`role role-${s.role}`}>{s.role}</span> : <span className="role hidden">secret role</span>}
            </div>
            <div className="seat-stats">
              <span title="life" data-testid="life">
                ♥ {s.life}/{s.maxLife}
              </span>
              <span title="arrows" data-testid="arrows">
                ➶ {s.arrows}
              </span>
              {!s.alive && <span className="badge dead">eliminated</span>}
            </div>
          </li>
        ))}
      </ul>
      {view.dice.length > 0 && (
        <div className="dice readonly" data-testid="table-dice">
          {view.dice.map((f, i) => (
            <span key={i} className={`die face-${f}`} title={FACE_LABEL[f]}>
              {FACE_SYMBOL[f]} <small>{FACE_LABEL[f]}</small>
            </span>
          ))}
        </div>
      )}
      {view.winner && (
        <div className="winner" data-testid="winner">
          Winner: <b>{view.winner.team}</b> ({view.winner.players.map((p) => names.get(p) ?? p).join(", ")})
        </div>
      )}
    </section>
  );
}
