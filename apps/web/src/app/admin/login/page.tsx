"use client";
import { signInAdmin } from "@bang/client";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { ProblemBox } from "@/components/ProblemBox";
import { useServerUrl } from "@/components/ServerContext";
import { saveAdmin } from "@/lib/storage";

const REASONS: Record<string, string> = {
  expired: "Your session has expired: sign in again.",
  required: "Sign in as an admin to see this page.",
};

function SignIn() {
  const url = useServerUrl();
  const router = useRouter();
  const reason = useSearchParams().get("reason");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const s = await signInAdmin(url, name.trim(), password);
      saveAdmin(window.localStorage, { token: s.token, name: s.name, expiresAt: s.expiresAt });
      router.replace("/admin");
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="narrow">
      <h1>Admin sign-in</h1>
      {reason && REASONS[reason] && (
        <p className="notice" data-testid="reason">
          {REASONS[reason]}
        </p>
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
