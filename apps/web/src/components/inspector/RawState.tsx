"use client";
import { fetchRawState } from "@bang/client";
import { useEffect, useState } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import type { AdminContext } from "@/hooks/useAdmin";

/**
 * The game's full state after entry `position` as JSON, for admins: read from the server only while
 * the box is open (it holds every secret), in its own scroll box so that a long line never widens the
 * page.
 */
export function RawState({ ctx, gameId, position }: { ctx: AdminContext; gameId: string; position: number }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ at: number; json: string } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    ctx
      .call((url, token) => fetchRawState(url, token, gameId, position))
      .then((s) => {
        if (!live) return;
        setShown({ at: s.at, json: JSON.stringify(s.state, null, 2) });
        setProblem(null);
      })
      .catch((e: unknown) => live && setProblem(e));
    return () => {
      live = false;
    };
  }, [open, ctx, gameId, position]);
  return (
    <details className="card raw-state" data-testid="raw-state" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Raw state after entry {position} (JSON, every secret)</summary>
      {problem != null && <ProblemBox error={problem} />}
      {open && shown && (
        <pre className="json" data-testid="raw-state-json" data-at={shown.at}>
          {shown.json}
        </pre>
      )}
    </details>
  );
}
