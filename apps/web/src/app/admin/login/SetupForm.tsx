"use client";
import { useState, type FormEvent } from "react";
import { ProblemBox } from "@/components/ProblemBox";

/** Shortest admin password the server takes. */
const MIN_PASSWORD = 8;

/**
 * The first admin account's name and password (typed twice), sent with the setup link's secret by
 * `create`; a refusal (the link used or expired, a bad field) is shown and changes nothing.
 */
export function SetupForm({ create }: { create: (account: { name: string; password: string }) => Promise<void> }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (password !== again) return setProblem({ code: "INVALID_MESSAGE", message: "The two passwords differ: type the same password twice." });
    setBusy(true);
    try {
      await create({ name: name.trim(), password });
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="notice" data-testid="setup">
        This one-time link creates the first admin account of this server. Choose its name and password ({MIN_PASSWORD} characters at least).
      </p>
      <form className="card" onSubmit={(e) => void submit(e)}>
        <label>
          Name
          <input data-testid="setup-name" autoComplete="username" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Password
          <input data-testid="setup-password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD} value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <label>
          Password again
          <input data-testid="setup-password-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required />
        </label>
        <button type="submit" data-testid="create-admin" disabled={busy}>
          Create the account and sign in
        </button>
      </form>
      {problem != null && <ProblemBox error={problem} />}
    </>
  );
}
