"use client";
import type { ReactNode } from "react";
import "./table.css";

/** A collapsible panel of a game's rules in short (closed at first); the game writes what is inside. */
export function RulesPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="kit-rules" data-testid="rules">
      <summary>{title}</summary>
      <div className="kit-rules-body">{children}</div>
    </details>
  );
}
