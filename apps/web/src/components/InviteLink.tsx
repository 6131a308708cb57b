"use client";
import { useEffect, useRef, useState } from "react";

/**
 * A table's invite link (`/join/CODE` on this site) with a copy button: whoever opens it lands at the
 * table (after picking a name). Where the clipboard is refused, the link is selected for a manual copy.
 */
export function InviteLink({ code }: { code: string }) {
  // The link is whole from the first render on the client (the table shows after the page loaded).
  const [origin, setOrigin] = useState(() => (typeof window === "undefined" ? "" : window.location.origin));
  const [copied, setCopied] = useState<boolean | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setOrigin(window.location.origin), []);
  const link = `${origin}/join/${code}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      input.current?.select();
      setCopied(false);
    }
  };
  return (
    <div className="invite" data-testid="invite">
      <label>
        Invite link
        <span className="row">
          <input ref={input} readOnly value={link} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="secondary" data-testid="copy-invite" onClick={() => void copy()}>
            Copy
          </button>
        </span>
      </label>
      {copied === true && <small data-testid="invite-copied">Copied: send it to your friends.</small>}
      {copied === false && <small>Copy the selected link by hand.</small>}
    </div>
  );
}
