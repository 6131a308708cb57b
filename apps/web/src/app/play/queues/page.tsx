"use client";
import { fetchQueues, type QueueInfo } from "@bang/client";
import type { QueueStatus } from "@bang/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { useCatalog } from "@/hooks/useCatalog";
import { usePlayer } from "@/hooks/usePlayer";
import { describeQueue, describeWaits, gameOf, queueStatusText } from "@/lib/queue";
import { saveGame } from "@/lib/storage";

/**
 * The public queues (GET /api/queues) for a player: each queue's waits (the longest now, the recent
 * median and p90), join one, see the own wait, confirm the table found
 * (or decline it) before its deadline, and land in the game once everyone confirmed.
 */
export default function QueuesPage() {
  const url = useServerUrl();
  const router = useRouter();
  const player = usePlayer();
  const { games } = useCatalog();
  const client = player.client;
  const [queues, setQueues] = useState<QueueInfo[] | null>(null);
  const [status, setStatus] = useState<QueueStatus>({ state: "idle" });
  const [now, setNow] = useState(() => Date.now());
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // The list refreshes every 2 s and the clock every 0.5 s (both timers cleared on unmount).
  useEffect(() => {
    let live = true;
    const load = () =>
      fetchQueues(url)
        .then((q) => live && setQueues(q))
        .catch((e: unknown) => live && setProblem(e));
    void load();
    const list = setInterval(load, 2_000);
    const clock = setInterval(() => setNow(Date.now()), 500);
    return () => {
      live = false;
      clearInterval(list);
      clearInterval(clock);
    };
  }, [url]);

  useEffect(() => {
    if (!client) return;
    setStatus(client.queue);
    return client.on("queue", setStatus);
  }, [client]);

  useEffect(() => {
    const gameId = gameOf(status);
    if (gameId) {
      saveGame(window.localStorage, gameId);
      router.push(`/play/${gameId}`);
    }
  }, [status, router]);

  const run = async (f: () => Promise<QueueStatus>) => {
    setBusy(true);
    setProblem(null);
    try {
      setStatus(await f());
    } catch (e) {
      setProblem(e);
    } finally {
      setBusy(false);
    }
  };

  if (!player.loaded) return <main>Loading…</main>;
  if (!player.guest) {
    return (
      <main className="narrow">
        <p className="card">
          <Link href="/play">Pick a name</Link> first, then come back to join a queue.
        </p>
      </main>
    );
  }
  const inQueue = status.state === "queued" || status.state === "matched";
  return (
    <main className="narrow">
      <p>
        <Link href="/play">← Lobby</Link> · You are <b>{player.guest.player.name}</b> · <span data-testid="status">{player.status}</span>
      </p>
      <h1>Public queues</h1>
      {player.problem != null && <ProblemBox error={player.problem} />}
      {problem != null && <ProblemBox error={problem} />}
      <section className="card" data-testid="queue-status" data-state={status.state}>
        <p>{queueStatusText(status, now)}</p>
        {status.state === "matched" && client && (
          <div className="row">
            <button type="button" data-testid="confirm-match" disabled={busy} onClick={() => void run(() => client.confirmMatch(status.matchId, true))}>
              Confirm
            </button>
            <button type="button" className="secondary" data-testid="decline-match" disabled={busy} onClick={() => void run(() => client.confirmMatch(status.matchId, false))}>
              Decline
            </button>
          </div>
        )}
        {status.state === "queued" && client && (
          <button type="button" className="secondary" data-testid="leave-queue" disabled={busy} onClick={() => void run(() => client.leaveQueue())}>
            Leave the queue
          </button>
        )}
      </section>
      {queues === null && problem == null && <p>Loading the queues…</p>}
      {queues?.length === 0 && <p>This server has no public queue.</p>}
      <ul className="queues">
        {queues?.map((q) => (
          <li key={q.id} className="card" data-testid="queue" data-queue={q.id}>
            <b>{q.id}</b>
            <p className="muted">{describeQueue(q, games?.find((g) => g.id === q.game)?.name)}</p>
            <p className="muted" data-testid="queue-waits">
              {describeWaits(q.waits)}
            </p>
            <button type="button" data-testid="join-queue" disabled={busy || inQueue || !client} onClick={() => void run(() => client!.joinQueue(q.id))}>
              Join
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
