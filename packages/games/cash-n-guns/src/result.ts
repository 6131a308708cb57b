import type { GameResult, ScoringLine, Side } from "@bang/game-core";
import type { CngState, PlayerId } from "./types.js";

/**
 * The tournament scoring table of {@link cngResult}'s scores: a point for each gangster the final
 * ranking (F7) places below you, so points follow the ranking by score: at a table of N where nobody
 * died, a sole richest scores N - 1 and the poorest 0.
 */
export const SCORING: readonly ScoringLine[] = [
  { when: "for each gangster ranked below you (richest first, most wounds first on a tie, the dead last and tied, a shared victory tied)", points: 1 },
  { when: "you die, or everyone dies (nobody is ranked below you)", points: 0 },
];

/**
 * How a finished game ended (null while it runs), F7: the winners at place 1 (several in a shared
 * victory, F7.7); then the other living players by total (F7.5), most wounds first on a tie
 * (F10.14); dead players share the last place. With `all_dead` (F7.2, F10.12) nobody wins: the
 * winner's players are empty and every seat shares place 2 with 0 points, since place 1 is the
 * winners' (game-core's Side.place) and nobody holds it. Each player is a side of their own. A
 * player's score is the number of players placed strictly below them (SCORING): 0 for the dead.
 */
export function cngResult(s: CngState): GameResult | null {
  if (!s.winner) return null;
  const team = s.winner.reason;
  if (s.winner.reason === "all_dead") {
    return { winner: { team, players: [] }, ranking: s.players.map((p) => ({ team: p.id, players: [p.id], place: 2 })), scores: Object.fromEntries(s.players.map((p) => [p.id, 0])) };
  }
  const winners = new Set(s.winner.players);
  const totals = s.scoring?.totals ?? {};
  const key = (id: PlayerId) => {
    const p = s.players.find((q) => q.id === id)!;
    return [winners.has(id) ? 0 : 1, p.alive ? 0 : 1, -(totals[id] ?? 0), p.alive ? -p.wounds : 0];
  };
  const ordered = s.players.map((p) => p.id).sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
  const ranking: Side[] = [];
  for (const [i, id] of ordered.entries()) {
    const prev = ordered[i - 1];
    const tied = prev !== undefined && JSON.stringify(key(prev)) === JSON.stringify(key(id));
    ranking.push({ team: id, players: [id], place: tied ? ranking[i - 1]!.place : i + 1 });
  }
  const scores: Record<PlayerId, number> = {};
  for (const p of s.players) {
    const place = ranking.find((side) => side.team === p.id)!.place;
    scores[p.id] = ranking.filter((o) => o.place > place).length;
  }
  return { winner: { team, players: s.players.filter((p) => winners.has(p.id)).map((p) => p.id) }, ranking, scores };
}
