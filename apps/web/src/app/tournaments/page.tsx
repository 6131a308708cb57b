"use client";
import { fetchTournaments } from "@bang/client";
import Link from "next/link";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { usePolled } from "@/hooks/useAdmin";
import { useCatalog } from "@/hooks/useCatalog";

/** Every tournament, newest first (GET /api/tournaments): name, game, status, start; each opens its page. */
export default function TournamentsPage() {
  const url = useServerUrl();
  const catalog = useCatalog();
  const list = usePolled(() => fetchTournaments(url), [url], 10_000);
  const nameOf = (g: string) => catalog.games?.find((c) => c.id === g)?.name ?? g;
  return (
    <main className="narrow">
      <h1>Tournaments</h1>
      {list.problem != null && <ProblemBox error={list.problem} onRetry={list.reload} />}
      {list.data && list.data.length === 0 && <p className="card">No tournament yet: organisers create them.</p>}
      <ul className="listing" data-testid="tournaments">
        {list.data?.map((t) => (
          <li key={t.id} className="card" data-testid="tournament" data-id={t.id}>
            <div className="listing-head">
              <Link href={`/tournaments/${encodeURIComponent(t.id)}`}>
                <b>{t.name}</b>
              </Link>
              <span className="badge">{t.status}</span>
            </div>
            <small className="muted">
              {nameOf(t.game)} · starts {new Date(t.startsAt).toLocaleString()}
              {t.rated ? " · rated" : ""}
            </small>
          </li>
        ))}
      </ul>
    </main>
  );
}
