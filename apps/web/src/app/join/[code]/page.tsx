"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { use, useEffect, useRef, useState } from "react";
import { FindNotice } from "@/components/FindNotice";
import { Lobby } from "@/components/Lobby";
import { NameForm } from "@/components/NameForm";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { useAction, useLobbyTable } from "@/hooks/useLobbyTable";
import { usePlayer } from "@/hooks/usePlayer";
import { inviteTarget, joinByRef } from "@/lib/find";
import type { Destination } from "@/lib/lookup";
import { pathParam } from "@/lib/path-param";

/**
 * An invite link, `/join/CODE`: picks a name first when this browser has none, then sits the player at
 * the table (already seated: the table as it is) and shows the lobby; once the host starts, the game.
 * A code that names a game instead goes to that game; a started or unknown table says so, and for a
 * browser with no name yet it says so before asking one (no guest is made for a link that leads nowhere).
 */
export default function JoinPage({ params }: { params: Promise<{ code: string }> }) {
  const { code: raw } = use(params);
  const ref = pathParam(raw);
  const url = useServerUrl();
  const router = useRouter();
  const player = usePlayer();
  const [found, setFound] = useState<Destination | null>(null);
  const tried = useRef(false);
  const client = player.client;
  const [table, setTable] = useLobbyTable(client);
  const { busy, problem, setProblem, run } = useAction();
  const me = player.guest?.player ?? null;
  // A browser with no name: is the link an open table (then ask the name), or does it lead elsewhere?
  const [invite, setInvite] = useState<"checking" | "open" | "elsewhere">("checking");
  const checked = useRef(false);

  useEffect(() => {
    if (!player.loaded || me || checked.current) return;
    checked.current = true;
    inviteTarget(url, ref)
      .then((d) => {
        if (d === null) return setInvite("open");
        setInvite("elsewhere");
        if ("go" in d) router.replace(d.go);
        else setFound(d);
      })
      .catch((e: unknown) => {
        setInvite("elsewhere");
        setProblem(e);
      });
  }, [player.loaded, me, url, ref, router]);

  // Joins once, as soon as the socket is welcomed.
  useEffect(() => {
    if (!client || !me || player.status !== "connected" || tried.current) return;
    tried.current = true;
    joinByRef(client, url, ref, me.id)
      .then((r) => ("table" in r ? setTable(r.table) : "go" in r ? router.replace(r.go) : setFound(r)))
      .catch((e: unknown) => setProblem(e));
  }, [client, me, player.status, url, ref, router]);

  if (!player.loaded) return <main>Loading…</main>;
  return (
    <main className="narrow">
      <h1>
        Join table <code>{ref.toUpperCase()}</code>
      </h1>
      {!me && invite === "checking" && <p data-testid="checking">Looking the table up…</p>}
      {!me && invite === "open" && <NameForm pick={player.pickName} intro="You were invited to a table. Pick the name the others will see." />}
      {me && (
        <p>
          You are <b data-testid="me">{me.name}</b> · <span data-testid="status">{player.status}</span>
        </p>
      )}
      {player.problem != null && (
        <ProblemBox error={player.problem} onRetry={(player.problem as { code?: string }).code === "BAD_TOKEN" ? player.forget : undefined} retryLabel="Pick a name again" />
      )}
      {problem != null && <ProblemBox error={problem} />}
      <FindNotice found={found} />
      {me && !table && !found && problem == null && player.problem == null && <p data-testid="joining">Joining the table…</p>}
      {table && client && me && <Lobby table={table} me={me.id} busy={busy} run={run} setTable={(t) => (t ? setTable(t) : router.push("/play"))} client={client} />}
      {(problem != null || found) && (
        <p>
          <Link href="/play">Back to the lobby</Link>
        </p>
      )}
    </main>
  );
}
