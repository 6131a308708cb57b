"use client";
import type { Face } from "@bang/game-dice";
import { FACE_LABEL } from "./faces";

/**
 * The six faces of the dice (RULES.md vocabulary) drawn once each in SVG, on a 40 x 40 die. The duel
 * throws the same dice (R8.2) and draws them with this too. Strokes and fills keep at least 3:1 against
 * the die (WCAG 1.4.11).
 */
function Glyph({ face }: { face: Face }) {
  switch (face) {
    case "arrow":
      return (
        <g stroke="#5b3416" strokeWidth="2.6" strokeLinecap="round" fill="none">
          <line x1="10" y1="30" x2="29" y2="11" />
          <path d="M21 10.5 H29.5 V19" strokeLinejoin="round" />
          <path d="M9 25 L15 31 M12.5 22 L18 27.5 M6.5 29.5 L10.5 33.5" />
        </g>
      );
    case "dynamite":
      return (
        <g>
          <rect x="9" y="17" width="20" height="10" rx="2" transform="rotate(-30 19 22)" fill="#b3261e" stroke="#5e120d" strokeWidth="1.5" />
          <path d="M26 13 q3 -4 6 -3" stroke="#2b2118" strokeWidth="1.8" fill="none" strokeLinecap="round" />
          <path d="M33 6 l1 3 3 1 -3 1 -1 3 -1 -3 -3 -1 3 -1z" fill="#c77700" stroke="#7a4500" strokeWidth="0.8" />
        </g>
      );
    case "1":
    case "2":
      return (
        <g>
          <circle cx="20" cy="20" r="13" fill="none" stroke="#2b2118" strokeWidth="2" />
          <circle cx="20" cy="20" r="8.5" fill="none" stroke="#9a3a26" strokeWidth="1.6" />
          <text x="20" y="25.5" textAnchor="middle" fontSize="15" fontWeight="800" fill="#2b2118" fontFamily="system-ui, sans-serif">
            {face}
          </text>
        </g>
      );
    case "beer":
      return (
        <g strokeLinejoin="round">
          <path d="M11 14 h15 v16 a2 2 0 0 1 -2 2 h-11 a2 2 0 0 1 -2 -2z" fill="#c98a12" stroke="#5a3b00" strokeWidth="1.8" />
          <path d="M26 17 h3 a3 3 0 0 1 3 3 v4 a3 3 0 0 1 -3 3 h-3" fill="none" stroke="#5a3b00" strokeWidth="2" />
          <path d="M10 14 q2 -5 6 -3 q2 -3 5 -1 q4 -2 6 3z" fill="#fffaf0" stroke="#5a3b00" strokeWidth="1.5" />
          <line x1="16" y1="18" x2="16" y2="28" stroke="#5a3b00" strokeWidth="1.2" />
          <line x1="21" y1="18" x2="21" y2="28" stroke="#5a3b00" strokeWidth="1.2" />
        </g>
      );
    case "gatling":
      return (
        <g stroke="#1f2433" strokeLinecap="round">
          <rect x="9" y="12" width="19" height="3" rx="1.2" fill="#4a5068" strokeWidth="1" />
          <rect x="9" y="17" width="19" height="3" rx="1.2" fill="#4a5068" strokeWidth="1" />
          <rect x="9" y="22" width="19" height="3" rx="1.2" fill="#4a5068" strokeWidth="1" />
          <circle cx="9" cy="18.5" r="5" fill="#1f2433" />
          <path d="M13 26 L8 34 M18 26 L22 34" strokeWidth="2.2" />
        </g>
      );
  }
}

const TINT: Record<Face, string> = { arrow: "#f4e9d8", dynamite: "#fde4df", "1": "#fffaf0", "2": "#fffaf0", beer: "#fff3d1", gatling: "#e6e9f2" };

/**
 * One die showing `face`, `size` CSS pixels wide. Named by its face (role="img") unless `decorative`
 * (inside a control that names it already).
 */
export function DieFace({ face, size = 40, decorative = false }: { face: Face; size?: number; decorative?: boolean }) {
  const a11y = decorative ? { "aria-hidden": true as const } : { role: "img", "aria-label": FACE_LABEL[face] };
  return (
    <svg className={`die-face die-face-${face}`} width={size} height={size} viewBox="0 0 40 40" focusable="false" data-face={face} {...a11y}>
      <rect x="1" y="1" width="38" height="38" rx="8" fill={TINT[face]} stroke="#2b2118" strokeWidth="2" />
      <Glyph face={face} />
    </svg>
  );
}
