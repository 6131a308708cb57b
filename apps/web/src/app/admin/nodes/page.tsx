"use client";
import { fetchNodes } from "@bang/client";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { formatAge } from "@/lib/format";

/** The nodes the server reports (GET /api/admin/nodes: this node until the cluster lands) and their load. */
export default function NodesPage() {
  const ctx = useAdmin();
  const { data, problem } = usePolled(() => ctx.call((url, token) => fetchNodes(url, token)), [ctx.admin], 3_000);
  return (
    <AdminShell ctx={ctx}>
      <h1>Nodes</h1>
      {problem != null && <ProblemBox error={problem} />}
      {data && (
        <table className="grid" data-testid="nodes">
          <thead>
            <tr>
              <th>Node</th>
              <th>Games</th>
              <th>Sockets</th>
              <th>Heap</th>
              <th>Up</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {data.map((n) => (
              <tr key={n.id} data-testid="node">
                <td>
                  {n.id} {n.self && <small>(answering)</small>}
                </td>
                <td>{n.games}</td>
                <td>{n.sockets}</td>
                <td>{(n.heapUsedBytes / 2 ** 20).toFixed(0)} MiB</td>
                <td>{formatAge(n.uptimeSeconds)}</td>
                <td>{n.ready ? "ready" : "draining"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminShell>
  );
}
