"use client";
/**
 * Short CSS animations for a table (motion.css): a value that flashes when it changes, a die that
 * tumbles, a token that travels in. They only decorate what is already drawn: the new state renders at
 * once and no control waits for an animation (each is a class on an element that is already there, with
 * `pointer-events: none` where it overlays anything). `prefers-reduced-motion: reduce` and the player's
 * "Animations off" (MotionToggle) turn the movement off; a tap or a key inside a MotionRoot finishes the
 * running ones at once.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import "./motion.css";

/**
 * A counter that goes up each time `value` changes (not on the first render), with the direction of a
 * number's change: the key that restarts an animation. Uses React's "state from the previous render" pattern.
 */
export function useChange<T>(value: T): { n: number; dir: "up" | "down" | "same" } {
  const [prev, setPrev] = useState(value);
  const [change, setChange] = useState<{ n: number; dir: "up" | "down" | "same" }>({ n: 0, dir: "same" });
  if (!Object.is(prev, value)) {
    setPrev(value);
    const dir = typeof value === "number" && typeof prev === "number" ? (value > prev ? "up" : "down") : "same";
    setChange({ n: change.n + 1, dir });
  }
  return change;
}

/** How many times `value` went up since the first render: a token that changes only on a rise. */
export function useRises(value: number): number {
  const [prev, setPrev] = useState(value);
  const [rises, setRises] = useState(0);
  if (value !== prev) {
    setPrev(value);
    if (value > prev) setRises(rises + 1);
  }
  return rises;
}

/**
 * The classes that (re)start an animation: `name` once something changed, with a suffix that alternates
 * at each change, so the browser restarts it without re-mounting the element (a focused control keeps
 * its focus). Empty before the first change.
 */
export function animClass(name: string, n: number): string {
  return n > 0 ? ` kit-anim ${name} ${name}-${n % 2 === 0 ? "b" : "a"}` : "";
}

/** `children` (a number, a count) flash when `value` changes: green going up, red going down. */
export function Flash({ value, children, className }: { value: number | string; children: ReactNode; className?: string }) {
  const change = useChange(value);
  return <span className={`${className ?? ""}${animClass("kit-flash", change.n)}${change.n > 0 ? ` kit-flash-${change.dir}` : ""}`}>{children}</span>;
}

/** `children` (a die) tumble each time `token` changes: pass a new token for each throw of that die. */
export function Tumble({ token, children }: { token: string | number; children: ReactNode }) {
  const change = useChange(token);
  return <span className={`kit-tumble-box${animClass("kit-tumble", change.n)}`}>{children}</span>;
}

/**
 * `children` (a token) travel in from `from` (an offset in `unit`s: where the pile or the centre is)
 * each time `token` changes.
 */
export function Travel({ token, from, unit = "4rem", children }: { token: string | number; from: { x: number; y: number }; unit?: string; children: ReactNode }) {
  const change = useChange(token);
  const style = { "--kit-from-x": `calc(${from.x} * ${unit})`, "--kit-from-y": `calc(${from.y} * ${unit})` } as CSSProperties;
  return (
    <span className={`kit-travel-box${animClass("kit-travel", change.n)}`} style={style}>
      {children}
    </span>
  );
}

const KEY = "bang.motion";

/** Finishes every running animation inside `root` at once (a tap or a key skips them). */
export function skipAnimations(root: Element): void {
  for (const a of root.getAnimations({ subtree: true })) a.finish();
}

/** A table's root: a tap or a key inside it skips the running animations (the tap still does its job). */
export function MotionRoot({ children, className, ...rest }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const skip = () => ref.current && skipAnimations(ref.current);
  return (
    <div ref={ref} className={`kit-motion-root${className ? ` ${className}` : ""}`} onPointerDownCapture={skip} onKeyDownCapture={skip} {...rest}>
      {children}
    </div>
  );
}

/**
 * The player's choice to turn the table's animations off, kept in this browser (localStorage) and set
 * on the page's root element (`data-motion="off"`, read by motion.css).
 */
export function MotionToggle() {
  const [off, setOff] = useState(false);
  useEffect(() => {
    const saved = window.localStorage.getItem(KEY) === "off";
    setOff(saved);
    document.documentElement.dataset.motion = saved ? "off" : "on";
  }, []);
  const flip = () => {
    const next = !off;
    setOff(next);
    window.localStorage.setItem(KEY, next ? "off" : "on");
    document.documentElement.dataset.motion = next ? "off" : "on";
  };
  return (
    <button type="button" className="kit-chip kit-motion-toggle" aria-pressed={!off} onClick={flip} data-testid="motion-toggle">
      Animations {off ? "off" : "on"}
    </button>
  );
}
