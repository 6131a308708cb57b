"use client";
import { fetchQueues } from "@bang/client";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { formatWait, waitWindow } from "@/lib/queue";

/**
 * The public queues (GET /api/queues, refreshed every 2 s): how many wait in each, the longest wait
 * now, the median and p90 wait of the players matched in the last window (15 min), and each queue's
 * game, seats, bot fill, wait limit and ready check.
 */
export default function AdminQueuesPage() {
  const ctx = useAdmin();
  const queues = usePolled(() => fetchQueues(ctx.url), [ctx.url], 2_000);
  const none = (s: number | null) => (s === null ? "never" : `${s} s`);
  const first = queues.data?.[0];
  const span = first ? ` (${waitWindow(first.waits)})` : "";
  return (
    <AdminShell ctx={ctx}>
      <h1>Queues</h1>
      {queues.problem != null && <ProblemBox error={queues.problem} />}
      {queues.data?.length === 0 && <p>This server has no public queue.</p>}
      {queues.data && queues.data.length > 0 && (
        <div className="scroll">
          <table className="grid" data-testid="admin-queues">
            <thead>
              <tr>
                <th>Queue</th>
                <th>Game</th>
                <th>Seats</th>
                <th>Waiting</th>
                <th>Longest wait</th>
                <th>Median wait{span}</th>
                <th>p90 wait{span}</th>
                <th>Matched{span}</th>
                <th>Bots after</th>
                <th>Wait limit</th>
                <th>Ready check</th>
              </tr>
            </thead>
            <tbody>
              {queues.data.map((q) => (
                <tr key={q.id} data-testid="admin-queue" data-queue={q.id}>
                  <td>{q.id}</td>
                  <td>{q.game}</td>
                  <td>{q.minSeats === q.maxSeats ? q.minSeats : `${q.minSeats}–${q.maxSeats}`}</td>
                  <td data-testid="waiting">{q.waiting}</td>
                  <td data-testid="longest-wait">{formatWait(q.waits.longestSeconds)}</td>
                  <td data-testid="median-wait">{formatWait(q.waits.medianSeconds)}</td>
                  <td data-testid="p90-wait">{formatWait(q.waits.p90Seconds)}</td>
                  <td data-testid="matched">{q.waits.matched}</td>
                  <td>{none(q.botsAfterSeconds)}</td>
                  <td>{none(q.maxWaitSeconds)}</td>
                  <td>{q.readySeconds} s</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
