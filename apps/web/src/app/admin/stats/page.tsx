"use client";
import { fetchStatistics } from "@bang/client";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AdminShell } from "@/components/AdminShell";
import { ProblemBox } from "@/components/ProblemBox";
import { useAdmin, usePolled } from "@/hooks/useAdmin";
import { percent } from "@/lib/format";
import { characterName } from "@/lib/table";

/** Win rates by role and by character, game length and activity over time, as charts (recharts). */
export default function StatsPage() {
  const ctx = useAdmin();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { data, problem } = usePolled(() => ctx.call((url, token) => fetchStatistics(url, token, { from, to })), [from, to, ctx.admin]);
  const roles = data?.byRole.map((r) => ({ name: r.key, rate: Math.round(r.rate * 100), played: r.played })) ?? [];
  const characters = data?.byCharacter.map((r) => ({ name: characterName(r.key), rate: Math.round(r.rate * 100), played: r.played })) ?? [];
  return (
    <AdminShell ctx={ctx}>
      <h1>Statistics</h1>
      <div className="filters row">
        <label>
          from <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          to <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {problem != null && <ProblemBox error={problem} />}
      {data && (
        <div className="charts" data-testid="stats">
          <p>
            <b data-testid="stats-games">{data.games}</b> finished games · {data.length.averageCommands.toFixed(0)} commands and {data.length.averageMinutes.toFixed(1)} minutes on average ·{" "}
            {data.byTeam.map((t) => `${t.team}: ${t.games}`).join(", ")}
          </p>
          <figure className="card">
            <figcaption>Win rate by role (%)</figcaption>
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={roles}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis domain={[0, 100]} />
                <Tooltip />
                <Bar dataKey="rate" fill="#b5523b" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card">
            <figcaption>Win rate by character (%)</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={characters}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" interval={0} angle={-35} textAnchor="end" height={70} fontSize={11} />
                <YAxis domain={[0, 100]} />
                <Tooltip />
                <Bar dataKey="rate" fill="#8a6d3b" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card">
            <figcaption>Game length (commands per game)</figcaption>
            <ResponsiveContainer width="100%" height={200}>
              <BarChart data={data.length.buckets}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="commands" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="games" fill="#3b6e8a" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card">
            <figcaption>Finished games per day</figcaption>
            <ResponsiveContainer width="100%" height={200}>
              <LineChart data={data.activity}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Line dataKey="games" stroke="#3b8a4f" isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </figure>
          <table className="grid">
            <thead>
              <tr>
                <th>Role</th>
                <th>Played</th>
                <th>Won</th>
                <th>Rate</th>
              </tr>
            </thead>
            <tbody>
              {data.byRole.map((r) => (
                <tr key={r.key}>
                  <td>{r.key}</td>
                  <td>{r.played}</td>
                  <td>{r.won}</td>
                  <td>{percent(r.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
