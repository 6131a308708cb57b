"use client";
import { NEW_GODFATHER, type CngView } from "@bang/game-cash-n-guns";
import { Help } from "@/components/table/Help";
import { nameOf, type Names } from "@/lib/names";
import type { CngWire } from "./controls";
import { LOOT_HELP } from "./help";
import { lootGroups, lootKind } from "./loot";
import { LootCard } from "./LootCard";
import { shareOrder } from "./table";

/**
 * The round's loot on the table (F3.2), one card per kind with its count, each a button when it is the
 * viewer's share (`take`: the command of that card, F5.3) and the New Godfather tile beside them while
 * it can be taken (F5.5); what each kind is worth on tap; while sharing, the share order (F5.1, F5.2)
 * with whose share it is now.
 */
export function LootStrip({ view, me, names, take, send, busy }: { view: CngView; me: string | null; names: Names; take: ((card: string) => CngWire | null) | null; send: ((c: CngWire) => void) | null; busy: boolean }) {
  const order = shareOrder(view);
  const onTake = (card: string) => {
    const command = take?.(card);
    return command && send ? () => send(command) : undefined;
  };
  const tile = onTake(NEW_GODFATHER);
  const kinds = [...new Set(view.table.map(lootKind))];
  const n = (id: string) => (id === me ? "you" : nameOf(names, id));
  return (
    <section className="cng-loot" data-testid="table-loot" aria-label="Loot on the table">
      <h3 className="cng-loot-title">
        Loot on the table <span className="cng-muted">({view.table.length} {view.table.length === 1 ? "card" : "cards"})</span>
      </h3>
      <div className="cng-cards">
        {view.table.length === 0 && <span className="cng-muted">none left</span>}
        {lootGroups(view.table).map(({ card, count }) => (
          <LootCard key={card} card={card} count={count} onTake={onTake(card)} disabled={busy} />
        ))}
        {tile && <LootCard card={NEW_GODFATHER} onTake={tile} disabled={busy} />}
      </div>
      {kinds.length > 0 && (
        <p className="cng-loot-help">
          <span>What is a…</span>
          {kinds.map((k) => (
            <Help key={k} term={k.replace(/_/g, " ")} className="cng-kind-help">
              <b>{k.replace(/_/g, " ")}</b>: {LOOT_HELP[k].text} ({LOOT_HELP[k].rule})
            </Help>
          ))}
        </p>
      )}
      {order.length > 0 && (
        <p className="cng-share-order" data-testid="share-order">
          Shares:{" "}
          {order.map((id, i) => (
            <span key={id} className={id === view.turn ? "cng-share-now" : undefined} data-player={id} data-now={id === view.turn}>
              {i > 0 && " → "}
              {n(id)}
            </span>
          ))}
          {order.length > 1 ? ", round and round until the loot is gone." : order[0] === me ? ": you take everything." : ` takes everything.`}
        </p>
      )}
      {view.phase === "sharing" && order.length === 0 && <p className="cng-muted">Nobody can take a share.</p>}
    </section>
  );
}
