"use client";
import { fetchClusterNodes, fetchNodes } from "@bang/client";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { formatAge } from "@/lib/format";

/**
 * The nodes: the cluster's membership (GET /api/nodes, when the server has it) with each node's load,
 * and the answering node's own figures (GET /api/admin/nodes: games, sockets, heap, uptime).
 */
export default function NodesPage() {
  const ctx = useAdmin();
  const own = usePolled(() => ctx.call((url, token) => fetchNodes(url, token)), [ctx.admin], 3_000);
  const cluster = usePolled(() => fetchClusterNodes(ctx.url), [ctx.url], 3_000);
  const now = Date.now();
  return (
    <AdminShell ctx={ctx}>
      <h1>Nodes</h1>
      {own.problem != null && <ProblemBox error={own.problem} />}
      {cluster.problem != null && <ProblemBox error={cluster.problem} />}
      {cluster.data && (
        <div className="scroll">
          <table className="grid" data-testid="cluster-nodes">
            <thead>
              <tr>
                <th>Node</th>
                <th>URL</th>
                <th>Games</th>
                <th>Up</th>
                <th>Heartbeat due in</th>
              </tr>
            </thead>
            <tbody>
              {cluster.data.map((n) => (
                <tr key={n.nodeId} data-testid="cluster-node">
                  <td>
                    {n.nodeId} {n.self && <small>(answering)</small>}
                  </td>
                  <td>{n.url}</td>
                  <td>{n.load}</td>
                  <td>{formatAge(Math.round((now - n.startedAt) / 1000))}</td>
                  <td>{n.expiresInMs > 0 ? `${(n.expiresInMs / 1000).toFixed(1)} s` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {own.data && (
        <>
          <h2>This node</h2>
          <div className="scroll">
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
                {own.data.map((n) => (
                  <tr key={n.id} data-testid="node">
                    <td>{n.id}</td>
                    <td>{n.games}</td>
                    <td>{n.sockets}</td>
                    <td>{(n.heapUsedBytes / 2 ** 20).toFixed(0)} MiB</td>
                    <td>{formatAge(n.uptimeSeconds)}</td>
                    <td>{n.ready ? "ready" : "draining"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AdminShell>
  );
}
