"use client";
import { ProblemBox } from "@/components/ProblemBox";

/** Any error a page throws ends here, with its message and a retry: never a blank page. */
export default function ErrorPage({ error, reset }: { error: Error; reset: () => void }) {
  return (
    <main>
      <ProblemBox error={error} onRetry={reset} />
    </main>
  );
}
