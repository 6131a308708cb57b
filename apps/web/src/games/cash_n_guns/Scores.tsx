"use client";
import type { CngView } from "@bang/game-cash-n-guns";
import { nameOf, type Names } from "@/lib/names";
import { dollars, lootSummary } from "./loot";
import { ranking } from "./table";

const REASON = { richest: "the richest", last_survivor: "the last survivor" } as const;

/**
 * The end of the game (F7, F8.11): who won and why, then every gangster by place with their total, the
 * diamond bonus, their loot and wounds (the tie-break, F7.7); the dead last, their loot worth nothing
 * (F10.5). Nothing is counted after a last survivor's win (F7.1).
 */
export function Scores({ view, me, names }: { view: CngView; me: string | null; names: Names }) {
  const lines = ranking(view);
  if (!lines || !view.winner) return null;
  const w = view.winner;
  const who = w.players.map((id) => (id === me ? "You" : nameOf(names, id))).join(", ");
  const verb = w.players.length === 1 && w.players[0] !== me ? "wins" : "win";
  const headline = w.reason === "all_dead" ? "Everyone is dead: nobody wins." : `${who} ${verb}${w.players.length > 1 ? " together" : ""} as ${REASON[w.reason]}.`;
  return (
    <section className="cng-scores" data-testid="scores" aria-label="Final scores">
      <h3 className="winner" data-testid="winner" role="status">
        {headline}
      </h3>
      {w.reason === "last_survivor" && <p className="cng-muted">The last one alive wins at once: the loot is not counted.</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Gangster</th>
            <th scope="col">Total</th>
            <th scope="col" className="cng-loot-cell">Loot</th>
            <th scope="col">Wounds</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const seat = view.players.find((p) => p.id === l.id)!;
            const loot = lootSummary(seat.loot);
            return (
              <tr key={l.id} data-testid="score-line" data-player={l.id} data-place={l.place} data-total={l.total ?? ""} className={l.winner ? "cng-win" : undefined}>
                <td>{l.place}</td>
                <th scope="row">
                  {nameOf(names, l.id)}
                  {l.id === me && " (you)"}
                </th>
                <td>
                  {l.total !== null ? dollars(l.total) : l.alive ? "not counted" : "dead"}
                  {l.diamondBonus && <span className="cng-bonus"> incl. diamond bonus $60,000</span>}
                </td>
                <td className="cng-loot-cell">{loot.count === 0 ? "none" : loot.list}</td>
                <td>{l.wounds}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
