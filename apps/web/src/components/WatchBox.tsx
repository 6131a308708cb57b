"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FindNotice } from "@/components/FindNotice";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { watchByRef } from "@/lib/find";
import type { Destination } from "@/lib/lookup";

/** "Watch a game": a game id, or a table code (its game); an open table is offered to join, nothing known says so. */
export function WatchBox({ me }: { me: string | null }) {
  const url = useServerUrl();
  const router = useRouter();
  const [ref, setRef] = useState("");
  const [found, setFound] = useState<Destination | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ref.trim()) return;
        setBusy(true);
        setProblem(null);
        setFound(null);
        watchByRef(url, ref, me)
          .then((d) => ("go" in d ? router.push(d.go) : setFound(d)))
          .catch((error: unknown) => setProblem(error))
          .finally(() => setBusy(false));
      }}
    >
      <h2>Watch a game</h2>
      <label>
        Game id or table code
        <input data-testid="watch-id" value={ref} onChange={(e) => setRef(e.target.value)} />
      </label>
      <button type="submit" data-testid="watch" disabled={busy}>
        Watch
      </button>
      <FindNotice found={found} />
      {problem != null && <ProblemBox error={problem} />}
    </form>
  );
}
