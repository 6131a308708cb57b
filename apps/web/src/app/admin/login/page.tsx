"use client";
import { completeAdminSetup, fetchAdminSetup, signInAdmin } from "@bang/client";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useState, type FormEvent } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { rememberNext, safeNext, takeNext } from "@/lib/next";
import { saveAdmin } from "@/lib/storage";
import { SetupForm } from "./SetupForm";

const REASONS: Record<string, string> = {
  expired: "Your session has expired: sign in again.",
  required: "Sign in as an admin to see this page.",
};

/** The secret of a first-run setup link (`#setup=...`: the fragment never reaches the web server), or null. */
function setupSecret(hash: string): string | null {
  return /(?:^#|&)setup=([A-Za-z0-9_-]{16,128})(?:&|$)/.exec(hash)?.[1] ?? null;
}

/**
 * The admin sign-in. It says when no admin account exists yet and how to create one; opened with the
 * one-time setup link the server printed (`#setup=...`), it creates the first account instead. Either
 * way it returns to the dashboard page that was asked for (`?next=`; before the first account it is
 * also kept in the browser for the setup link, which is opened from the server's output).
 */
function SignIn() {
  const url = useServerUrl();
  const router = useRouter();
  const search = useSearchParams();
  const reason = search.get("reason");
  const next = search.get("next");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<boolean | null>(null);

  useEffect(() => {
    setSecret(setupSecret(window.location.hash));
    fetchAdminSetup(url)
      .then((s) => {
        setOpen(s.open);
        // Before the first account, the way in is the printed link (opened without `next`): keep the page for it.
        if (s.open) rememberNext(window.localStorage, next);
      })
      .catch(() => setOpen(null));
  }, [url, next]);

  /** Keeps the session and goes to the page asked for (else the live games). */
  const signedIn = (s: { token: string; name: string; expiresAt: string }) => {
    saveAdmin(window.localStorage, { token: s.token, name: s.name, expiresAt: s.expiresAt });
    const remembered = takeNext(window.localStorage);
    router.replace(safeNext(next) ?? remembered ?? "/admin");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      signedIn(await signInAdmin(url, name.trim(), password));
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };

  if (secret && open !== false) {
    return (
      <main className="narrow">
        <h1>Create the first admin account</h1>
        <SetupForm create={async (account) => signedIn(await completeAdminSetup(url, { token: secret, ...account }))} />
      </main>
    );
  }

  return (
    <main className="narrow">
      <h1>Admin sign-in</h1>
      {reason && REASONS[reason] && (
        <p className="notice" data-testid="reason">
          {REASONS[reason]}
        </p>
      )}
      {secret && open === false && (
        <p className="notice" data-testid="setup-closed">
          This setup link is no longer needed: an admin account exists. Sign in with its name and password.
        </p>
      )}
      {open === true && (
        <div className="warning" data-testid="no-account">
          <strong>No admin account exists yet.</strong>
          <p>
            When it started, the server printed a one-time setup link (look in the output of <code>npm start</code>): open it in this browser to create the first account.
            Or start the server with <code>ADMIN_NAME</code> and <code>ADMIN_PASSWORD</code> set, or run <code>npm run bang -- admin create --name NAME</code> with the
            password in <code>BANG_ADMIN_PASSWORD</code>.
          </p>
        </div>
      )}
      <form className="card" onSubmit={submit}>
        <label>
          Name
          <input data-testid="admin-user" autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Password
          <input data-testid="admin-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <button type="submit" data-testid="sign-in" disabled={busy}>
          Sign in
        </button>
      </form>
      {problem != null && <ProblemBox error={problem} />}
    </main>
  );
}

export default function SignInPage() {
  return (
    <Suspense fallback={<main>Loading…</main>}>
      <SignIn />
    </Suspense>
  );
}
