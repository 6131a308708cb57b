"use client";
import type { Statistics } from "@bang/client";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { humanize } from "@/lib/format";

/**
 * The statistics page's charts (recharts). Every axis carries its title, and a category axis shows
 * every tick (slanted when they are many or long) so that a narrow screen drops none of them.
 */

/** Room around the plot, px: on the left for the first slanted label, which leans past the Y axis. */
const MARGIN = { top: 8, right: 12, bottom: 8, left: 24 };
const Y_TITLE = (value: string) => ({ value, angle: -90, position: "insideLeft" as const, style: { textAnchor: "middle" as const } });
const X_TITLE = (value: string) => ({ value, position: "insideBottom" as const, offset: 0 });

/** An X axis of categories: every label, slanted when crowded, and the axis title below them. */
function categoryAxis(dataKey: string, title: string, labels: readonly string[]) {
  // Upright labels share the width; past about 24 characters in all they would touch on a phone.
  const crowded = labels.length * Math.max(0, ...labels.map((l) => l.length)) > 24;
  return crowded ? (
    <XAxis dataKey={dataKey} interval={0} angle={-35} textAnchor="end" height={86} fontSize={11} label={X_TITLE(title)} />
  ) : (
    <XAxis dataKey={dataKey} interval={0} height={44} label={X_TITLE(title)} />
  );
}

/** Win rates by one facet of a game as a bar chart (%); `game` names the game when several are shown. */
export function FacetChart({ facet, game, rows }: { facet: string; game: string | null; rows: Statistics["byFacet"][number]["rows"] }) {
  const bars = rows.map((r) => ({ name: humanize(r.key), rate: Math.round(r.rate * 100), played: r.played }));
  return (
    <figure className="card" data-testid="facet-chart" data-facet={facet}>
      <figcaption>
        Win rate by {facet} (%){game && ` · ${game}`}
      </figcaption>
      <ResponsiveContainer width="100%" height={bars.length > 4 ? 300 : 250}>
        <BarChart data={bars} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          {categoryAxis("name", humanize(facet), bars.map((b) => b.name))}
          <YAxis domain={[0, 100]} label={Y_TITLE("win rate (%)")} />
          <Tooltip />
          <Bar dataKey="rate" fill="#b5523b" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** How many games took how many commands (buckets of the server's). */
export function LengthChart({ buckets }: { buckets: Statistics["length"]["buckets"] }) {
  return (
    <figure className="card" data-testid="length-chart">
      <figcaption>Game length</figcaption>
      <ResponsiveContainer width="100%" height={250}>
        <BarChart data={buckets} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          {categoryAxis("commands", "commands per game", buckets.map((b) => b.commands))}
          <YAxis allowDecimals={false} label={Y_TITLE("games")} />
          <Tooltip />
          <Bar dataKey="games" fill="#3b6e8a" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Finished games per UTC day: the first and last days always labelled, others as room allows. */
export function ActivityChart({ activity }: { activity: Statistics["activity"] }) {
  return (
    <figure className="card" data-testid="activity-chart">
      <figcaption>Finished games per day</figcaption>
      <ResponsiveContainer width="100%" height={250}>
        <LineChart data={activity} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" interval="preserveStartEnd" minTickGap={12} height={44} label={X_TITLE("day (UTC)")} />
          <YAxis allowDecimals={false} label={Y_TITLE("finished games")} />
          <Tooltip />
          <Line dataKey="games" stroke="#3b8a4f" isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
