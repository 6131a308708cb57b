"use client";
import { useServerUrl } from "@/components/ServerContext";
import { RETRY_MS } from "@/hooks/useServerReach";

/** What a page says instead of forms that need the game server while it cannot be reached, with a retry now. */
export function ServerDown({ retry, checking }: { retry: () => void; checking: boolean }) {
  const url = useServerUrl();
  return (
    <div className="problem" role="alert" data-testid="server-down">
      <strong>The game server cannot be reached</strong>
      <p>
        The server at {url} does not answer: it may be down or restarting. Nothing can be played until it is back. This page tries again every {RETRY_MS / 1000} seconds.
      </p>
      <button type="button" data-testid="retry-server" onClick={retry} disabled={checking}>
        {checking ? "Trying…" : "Try again now"}
      </button>
    </div>
  );
}
