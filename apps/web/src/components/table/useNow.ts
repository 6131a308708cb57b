"use client";
import { useEffect, useState } from "react";

/**
 * This browser's clock (Date.now() ms), re-read every `everyMs` while `running`; frozen otherwise, so a
 * table without a timer re-renders for nothing. The interval is cleared on unmount.
 */
export function useNow(running: boolean, everyMs = 500): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [running, everyMs]);
  return now;
}
