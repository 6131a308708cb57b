"use client";
import { useLayoutEffect, useState, type RefObject } from "react";
import "./motion.css";

/** A line to draw from one seat to another (a shot, a hit): player ids and a kind for its colour. */
export interface SeatLine {
  from: string;
  to: string;
  kind?: string;
}

type Drawn = { x1: number; y1: number; x2: number; y2: number; kind: string };

/**
 * Lines from seat to seat over a ring (`root` holds the seats as `[data-seat-id]`), drawn when `token`
 * changes and fading out by themselves (motion.css). Measured from the seats' boxes after the render,
 * so they follow the layout at any screen size. Decoration only: hidden from assistive technology, no
 * pointer events.
 */
export function ShotLines({ root, lines, token }: { root: RefObject<HTMLElement | null>; lines: readonly SeatLine[]; token: string | number }) {
  const [drawn, setDrawn] = useState<{ token: string | number; lines: Drawn[] } | null>(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || lines.length === 0) return;
    const box = el.getBoundingClientRect();
    const center = (id: string) => {
      const seat = el.querySelector(`[data-seat-id="${CSS.escape(id)}"]`);
      if (!seat) return null;
      const r = seat.getBoundingClientRect();
      return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
    };
    const out: Drawn[] = [];
    for (const l of lines) {
      const a = center(l.from);
      const b = center(l.to);
      if (a && b) out.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, kind: l.kind ?? "shot" });
    }
    setDrawn({ token, lines: out });
    // Measured once per token: a later resize only matters for lines already faded out.
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!drawn || drawn.token !== token || drawn.lines.length === 0) return null;
  return (
    <svg key={String(token)} className="kit-lines kit-anim" aria-hidden="true" focusable="false">
      {drawn.lines.map((l, i) => (
        <line key={i} className={`kit-line kit-line-${l.kind}`} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} />
      ))}
    </svg>
  );
}
