"use client";
import type { BangClient } from "@bang/client";
import type { TableView } from "@bang/protocol";
import { InviteLink } from "@/components/InviteLink";
import { useCatalog } from "@/hooks/useCatalog";

/**
 * A private table before its game: the code to share, its game, the seats (ready or not, bots), and the host's
 * fill-with-bots and start buttons (the others say ready). Every button is one SDK request.
 */
export function Lobby(props: { table: TableView; me: string; client: BangClient; busy: boolean; run: (f: () => Promise<unknown>) => Promise<void>; setTable: (t: TableView | null) => void }) {
  const { table, me, client, busy, run, setTable } = props;
  const isHost = table.hostId === me;
  const ready = table.seats.find((s) => s.playerId === me)?.ready ?? false;
  // The game by the catalog's name, its id until the catalog answers.
  const gameName = useCatalog().games?.find((g) => g.id === table.options.game)?.name ?? table.options.game;
  return (
    <section className="card" data-testid="lobby">
      <h2>
        Table <span data-testid="table-code">{table.code}</span>
      </h2>
      <p className="muted" data-testid="table-game" data-game={table.options.game}>
        {gameName} · {table.seats.length} seats · {table.options.turnSeconds} s per turn
      </p>
      <p>Give this code to your friends. {isHost ? `${table.options.botsAllowed ? "Fill the empty seats with bots and start" : "Start"} when everyone is ready.` : "Say you are ready; the host starts."}</p>
      <InviteLink code={table.code} />
      <ul className="lobby-seats">
        {table.seats.map((s) => (
          <li key={s.index}>
            Seat {s.index + 1}: {s.bot ? `bot (${s.bot})` : (s.name ?? <i>empty</i>)} {s.playerId && !s.bot && (s.playerId === table.hostId ? "· host" : s.ready ? "· ready" : "· not ready")}
          </li>
        ))}
      </ul>
      <div className="row">
        {isHost ? (
          <>
            {table.options.botsAllowed && (
              <button type="button" data-testid="fill-bots" disabled={busy} onClick={() => void run(async () => setTable(await client.fillBots(table.code)))}>
                Fill with bots
              </button>
            )}
            <button type="button" data-testid="start" disabled={busy} onClick={() => void run(async () => setTable(await client.startGame(table.code)))}>
              Start the game
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="ready"
            disabled={busy}
            onClick={() => void run(async () => setTable(await client.setReady(table.code, !ready)))}
          >
            {ready ? "Not ready" : "Ready"}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => void run(async () => (await client.leaveTable(table.code), setTable(null)))}>
          Leave
        </button>
      </div>
    </section>
  );
}
