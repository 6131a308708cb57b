"use client";
import type { BangClient } from "@bang/client";
import type { TableView } from "@bang/protocol";
import { useEffect, useState } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import { useCatalog } from "@/hooks/useCatalog";
import { defaultSeats, seatChoices, seatsText, tableOptionsFor, type BotChoice } from "@/lib/lobby";

/**
 * The lobby's "new table" form: one of the games the server hosts (GET /api/games/catalog) with its
 * seat range (no choice for a game of one size), who fills the empty seats, the turn time. Sends
 * `createTable` with the game's options empty (`gameOptions: {}`).
 */
export function NewTable(props: { client: BangClient; busy: boolean; run: (f: () => Promise<unknown>) => Promise<void>; setTable: (t: TableView | null) => void }) {
  const { client, busy, run, setTable } = props;
  const catalog = useCatalog();
  const [gameId, setGameId] = useState("");
  const [seats, setSeats] = useState(0);
  const [bots, setBots] = useState<BotChoice>("heuristic");
  const [turnSeconds, setTurnSeconds] = useState(60);
  const game = catalog.games?.find((g) => g.id === gameId) ?? catalog.games?.[0] ?? null;

  // A game chosen (the first one once the catalog is in) starts at its default seats.
  useEffect(() => {
    if (game) setSeats(defaultSeats(game));
  }, [game?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (catalog.problem != null) return <ProblemBox error={catalog.problem} onRetry={catalog.reload} retryLabel="Load the games again" />;
  if (!catalog.games) return <p className="card">Loading the games…</p>;
  if (!game) return <p className="card">This server hosts no game yet.</p>;
  const choices = seatChoices(game);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => setTable(await client.createTable(tableOptionsFor(game.id, choices.includes(seats) ? seats : defaultSeats(game), bots, turnSeconds))));
      }}
    >
      <h2>New table</h2>
      <label>
        Game
        <select data-testid="game" value={game.id} onChange={(e) => setGameId(e.target.value)}>
          {catalog.games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} ({seatsText(g)} players)
            </option>
          ))}
        </select>
      </label>
      {choices.length > 1 && (
        <label>
          Seats
          <select data-testid="seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {choices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Empty seats
        <select data-testid="bots" value={bots} onChange={(e) => setBots(e.target.value as BotChoice)}>
          <option value="heuristic">the host may fill them with bots</option>
          <option value="random">the host may fill them with random bots</option>
          <option value="none">people only</option>
        </select>
      </label>
      <label>
        Seconds per turn
        <input type="number" min={5} max={600} value={turnSeconds} onChange={(e) => setTurnSeconds(Number(e.target.value))} />
      </label>
      <button type="submit" data-testid="create-table" disabled={busy}>
        Create a table
      </button>
    </form>
  );
}
