"use client";
import Link from "next/link";
import { describeProblem } from "@/lib/errors";

/** A clear message for an error (never a blank page), with a way on. */
export function ProblemBox({ error, onRetry, retryLabel = "Try again" }: { error: unknown; onRetry?: (() => void) | undefined; retryLabel?: string }) {
  const p = describeProblem(error);
  return (
    <div className="problem" role="alert" data-testid="problem">
      <strong>{p.title}</strong>
      <p>{p.message}</p>
      <div className="row">
        {p.signInAgain && <Link href="/admin/login">Sign in</Link>}
        {onRetry && (
          <button type="button" onClick={onRetry}>
            {retryLabel}
          </button>
        )}
      </div>
    </div>
  );
}
