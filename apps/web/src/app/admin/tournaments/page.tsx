"use client";
import { fetchTournaments } from "@bang/client";
import Link from "next/link";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";

/** Every tournament (GET /api/tournaments, newest first, refreshed every 5 s), each linking to its standings and tables. */
export default function AdminTournamentsPage() {
  const ctx = useAdmin();
  const list = usePolled(() => fetchTournaments(ctx.url), [ctx.url], 5_000);
  return (
    <AdminShell ctx={ctx}>
      <h1>Tournaments</h1>
      {list.problem != null && <ProblemBox error={list.problem} />}
      {list.data?.length === 0 && <p data-testid="no-tournaments">No tournament yet: organisers create them through the API or the CLI.</p>}
      {list.data && list.data.length > 0 && (
        <div className="scroll">
          <table className="grid" data-testid="tournaments">
            <thead>
              <tr>
                <th>Name</th>
                <th>Game</th>
                <th>Status</th>
                <th>Starts</th>
                <th>Tables of</th>
                <th>Rounds</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((t) => (
                <tr key={t.id} data-testid="tournament">
                  <td>
                    <Link href={`/admin/tournaments/${t.id}`}>{t.name}</Link>
                  </td>
                  <td>{t.game}</td>
                  <td>{t.status}</td>
                  <td>{new Date(t.startsAt).toLocaleString()}</td>
                  <td>{t.tableSize}</td>
                  <td>{t.rounds}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
