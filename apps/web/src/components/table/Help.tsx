"use client";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./table.css";

/** Another Help opened by a tap or a click: the others close (one explanation open at a time). */
const OPENED = "kit-help-opened";

/** A game's explanation of one of its words for a Help popover: what it does, and the rule ids it comes from. */
export interface HelpText {
  text: string;
  rule: string;
}

/**
 * A term with its explanation: `term` is a button; the explanation shows while a mouse hovers it, while
 * it has the keyboard's focus, and after a tap or click (until a second tap, Escape, or a tap
 * elsewhere). The explanation is also the button's accessible description, so a screen reader reads
 * it with the term. Never inside another button. On a phone the explanation opens as a sheet at the
 * bottom of the screen (table.css), so it is never cut by the screen's edge.
 */
export function Help({ term, children, label, className, testId }: {
  /** What shows: a word, a name, a die. */
  term: ReactNode;
  /** The explanation. */
  children: ReactNode;
  /** The button's accessible name when `term` has no text of its own (an icon). */
  label?: string;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hover || focus || pinned;

  // A pinned explanation closes when another opens or on a tap outside it.
  useEffect(() => {
    if (!pinned) return;
    const other = (e: Event) => {
      if ((e as CustomEvent<string>).detail !== id) setPinned(false);
    };
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setPinned(false);
    };
    window.addEventListener(OPENED, other);
    document.addEventListener("pointerdown", outside);
    return () => {
      window.removeEventListener(OPENED, other);
      document.removeEventListener("pointerdown", outside);
    };
  }, [pinned, id]);

  const close = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    e.stopPropagation();
    setPinned(false);
    setHover(false);
    setFocus(false);
  };

  return (
    <span ref={root} className={`kit-help${className ? ` ${className}` : ""}`} onPointerEnter={(e) => e.pointerType === "mouse" && setHover(true)} onPointerLeave={() => setHover(false)} onKeyDown={close}>
      <button
        type="button"
        className="kit-help-term"
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={id}
        aria-label={label}
        data-testid={testId}
        onClick={() => {
          if (!pinned) window.dispatchEvent(new CustomEvent(OPENED, { detail: id }));
          setPinned(!pinned);
        }}
        // Keyboard focus opens it; the focus a tap gives does not (the tap itself toggles it).
        onFocus={(e) => setFocus(e.currentTarget.matches(":focus-visible"))}
        onBlur={() => {
          setFocus(false);
          setPinned(false);
        }}
      >
        {term}
      </button>
      <span role="tooltip" id={id} className="kit-help-pop" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
