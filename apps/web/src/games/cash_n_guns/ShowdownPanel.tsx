"use client";
import { nameOf, type Names } from "@/lib/names";
import { BULLET_WORDS } from "./controls";
import type { Showdown, ShotRow } from "./reveal";

/**
 * One row of the showdown in words, with why a card went face down (F4.1): "→ Bob: Bang!", "lay down:
 * card face down", "→ Bob (lay down): face down", "held nobody up".
 */
function rowText(r: ShotRow, rows: readonly ShotRow[], me: string | null, names: Names): string {
  const n = (id: string) => (id === me ? "you" : nameOf(names, id));
  const mine = r.own ? ` (${r.player === me ? "your " : ""}${BULLET_WORDS[r.own]})` : "";
  const at = r.target ? `→ ${n(r.target)}` : "held nobody up";
  if (r.courage === "lie_down") return `lay down: card face down${mine} (${at})`;
  if (r.card === null) return `${at}: card not shown`;
  if (r.card !== "face_down") return `${at}: ${BULLET_WORDS[r.card]}`;
  if (!r.target) return `${at}: card face down${mine}`;
  const targetDown = rows.find((t) => t.player === r.target)?.courage === "lie_down";
  return `${at}${targetDown ? " (lay down)" : ""}: face down${mine}`;
}

/**
 * The round's showdown for everyone (F4, F8.8): each gangster's aim and what their card was (a revealed
 * Bang! or Click, or face down), who lay down, the wounds taken and the deaths. It stays on the table
 * into the next round, named by its round, until the next showdown.
 */
export function ShowdownPanel({ showdown, me, names, current }: { showdown: Showdown; me: string | null; names: Names; current: boolean }) {
  const n = (id: string) => (id === me ? "You" : nameOf(names, id));
  return (
    <section className="cng-showdown" data-testid="showdown" data-round={showdown.round} data-complete={showdown.complete} aria-label={`Round ${showdown.round}'s showdown`}>
      <h3>
        {current ? "The showdown" : `Last round's showdown`} <span className="cng-muted">(round {showdown.round})</span>
      </h3>
      <ul>
        {showdown.rows.map((r) => (
          <li key={r.player} data-player={r.player} data-card={r.card ?? ""} data-target={r.target ?? ""} className={r.card === "bang" ? "cng-shot-bang" : undefined}>
            <b>{n(r.player)}</b> {rowText(r, showdown.rows, me, names)}
            {r.wounds > 0 && (
              <span className="cng-hit">
                {" "}
                · hit: +{r.wounds} {r.wounds === 1 ? "wound" : "wounds"}
              </span>
            )}
            {r.died && <span className="cng-dead"> · dies</span>}
          </li>
        ))}
      </ul>
      {showdown.lootLost && <p className="cng-muted">Nobody could take a share: the loot left the game. Which cards were Bang! is in the log.</p>}
    </section>
  );
}
