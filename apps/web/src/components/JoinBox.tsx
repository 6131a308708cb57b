"use client";
import type { BangClient } from "@bang/client";
import type { TableView } from "@bang/protocol";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FindNotice } from "@/components/FindNotice";
import { useServerUrl } from "@/components/ServerContext";
import { joinByRef } from "@/lib/find";
import type { Destination } from "@/lib/lookup";

/**
 * "Join a table": a table code (any case), or a game id (its game's page). Refusals (a full table, an
 * unknown code...) go to the page's problem box through `run`.
 */
export function JoinBox(props: { client: BangClient; me: string; busy: boolean; run: (f: () => Promise<unknown>) => Promise<void>; setTable: (t: TableView | null) => void }) {
  const { client, me, busy, run, setTable } = props;
  const url = useServerUrl();
  const router = useRouter();
  const [code, setCode] = useState("");
  const [found, setFound] = useState<Destination | null>(null);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        setFound(null);
        void run(async () => {
          const r = await joinByRef(client, url, code, me);
          if ("table" in r) setTable(r.table);
          else if ("go" in r) router.push(r.go);
          else setFound(r);
        });
      }}
    >
      <h2>Join a table</h2>
      <label>
        Table code (or a game id)
        <input data-testid="code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="K7Q2ZP4M" required />
      </label>
      <button type="submit" data-testid="join-table" disabled={busy}>
        Join
      </button>
      <FindNotice found={found} />
    </form>
  );
}
