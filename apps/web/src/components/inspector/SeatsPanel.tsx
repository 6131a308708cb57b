"use client";
import type { GamePresence, GameSeat } from "@bang/client";
import { useEffect, useState } from "react";
import { seatStatus, timeLeft } from "@/lib/presence";

/**
 * Every seat of a game on the admin's game page: who sits there, and while the game runs its
 * connection (connected, away: the bot plays for them, given to the bot) and its timer counting down,
 * with the button that gives a person's seat to the bot. `presence` is null when the server has none
 * (the game is over, or not read yet).
 */
export function SeatsPanel(props: { seats: readonly GameSeat[]; presence: GamePresence | null; receivedAt: number; running: boolean; giveToBot: (seat: GameSeat) => void }) {
  const { seats, presence, receivedAt, running, giveToBot } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [running]);
  return (
    <section className="card" data-testid="seats-panel">
      <h2>Seats</h2>
      {running && presence && <p className="muted">As the node {presence.node} (which runs the game) sees them now.</p>}
      {!running && <p className="muted">The game is over: nobody is connected to it any more.</p>}
      <div className="scroll">
        <table className="grid">
          <thead>
            <tr>
              <th>Player</th>
              <th>Connection</th>
              <th>Timer</th>
              {running && <th />}
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => {
              const p = presence?.seats.find((x) => x.id === s.id);
              return (
                <tr key={s.id} data-testid="seat-presence" data-player={s.id} data-connected={p ? String(p.connected) : ""} data-away={p ? String(p.away) : ""}>
                  <td>{s.name}</td>
                  <td data-testid="seat-status">{p ? seatStatus(p) : s.bot ? `bot (${s.bot})` : running ? "…" : "—"}</td>
                  <td data-testid="seat-timer">{timeLeft(p && p.remainingMs !== null ? receivedAt + p.remainingMs : null, now)}</td>
                  {running && (
                    <td>
                      {!s.bot && !p?.replaced && (
                        <button type="button" className="secondary" data-testid="replace-bot" onClick={() => giveToBot(s)}>
                          Bot for {s.name}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
