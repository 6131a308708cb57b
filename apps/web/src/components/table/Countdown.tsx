"use client";
import { fractionLeft, secondsLeft, type SeatTimer } from "./presence";
import { useNow } from "./useNow";
import "./table.css";

const R = 15;
const LENGTH = 2 * Math.PI * R;
/** Seconds left from which the countdown turns to its warning colour. */
const WARN_S = 10;

/**
 * A running timer as a ring that empties and the whole seconds left; `role="timer"` named by `label`
 * ("Ann's turn: 42 s left"). `now` (ms) comes from a parent that ticks for several countdowns; without
 * it the countdown ticks itself.
 */
export function Countdown({ timer, label, now }: { timer: SeatTimer; label: string; now?: number }) {
  const own = useNow(now === undefined, 500);
  const at = now ?? own;
  // Never more than the turn time (a clock read just before the timer's message arrived would say 601 of 600).
  const s = timer.totalMs > 0 ? Math.min(secondsLeft(timer.endsAt, at), Math.ceil(timer.totalMs / 1000)) : secondsLeft(timer.endsAt, at);
  const left = fractionLeft(timer, at);
  return (
    <span className={`kit-countdown${s <= WARN_S ? " kit-countdown-low" : ""}${s >= 100 ? " kit-countdown-long" : ""}`} role="timer" aria-label={`${label}: ${s} s left`} data-testid="countdown" data-seconds={s}>
      <svg viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle className="kit-countdown-track" cx="18" cy="18" r={R} />
        {timer.totalMs > 0 && <circle className="kit-countdown-left" cx="18" cy="18" r={R} strokeDasharray={LENGTH} strokeDashoffset={LENGTH * (1 - left)} transform="rotate(-90 18 18)" />}
      </svg>
      <span className="kit-countdown-s" aria-hidden="true">
        {s}
      </span>
    </span>
  );
}
