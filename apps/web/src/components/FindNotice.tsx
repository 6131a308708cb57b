"use client";
import Link from "next/link";
import type { Destination } from "@/lib/lookup";

/** What a box says instead of going somewhere (a table not started yet, a table that finished), with its way on. */
export function FindNotice({ found }: { found: Destination | null }) {
  if (!found || "go" in found) return null;
  return (
    <p className="notice" data-testid="find-notice">
      {found.say}
      {found.link && (
        <>
          {" "}
          <Link href={found.link.href}>{found.link.label}</Link>
        </>
      )}
    </p>
  );
}
