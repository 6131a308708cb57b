"use client";
import { useCatalog } from "@/hooks/useCatalog";

/**
 * A choice among the games the server hosts (GET /api/games/catalog), by name; `anyLabel` adds a first
 * choice "" for every game (a filter), without it a game must be chosen.
 */
export function GameSelect({ value, onChange, anyLabel, testId = "filter-game" }: { value: string; onChange: (game: string) => void; anyLabel?: string; testId?: string }) {
  const { games } = useCatalog();
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} aria-label="game">
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {/* The value stays choosable while the catalog loads (or if the server no longer hosts it). */}
      {value && !games?.some((g) => g.id === value) && <option value={value}>{value}</option>}
      {games?.map((g) => (
        <option key={g.id} value={g.id}>
          {g.name}
        </option>
      ))}
    </select>
  );
}
