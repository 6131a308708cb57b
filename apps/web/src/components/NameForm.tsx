"use client";
import { useState, type FormEvent } from "react";
import { ProblemBox } from "@/components/ProblemBox";

/** "Your name": picks this browser's guest identity (the page's `pick`, POST /api/guests), then the page goes on. */
export function NameForm({ pick, intro }: { pick: (name: string) => Promise<void>; intro?: string }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await pick(name);
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form onSubmit={(e) => void submit(e)} className="card">
        {intro && <p>{intro}</p>}
        <label>
          Your name
          <input data-testid="name" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} placeholder="Calamity" required />
        </label>
        <button type="submit" data-testid="pick-name" disabled={busy}>
          Continue
        </button>
      </form>
      {problem != null && <ProblemBox error={problem} />}
    </>
  );
}
