import type { Mark } from "../../lib/timeline";

/** The card game's events the inspector jumps to: General Stores (E5.6), eliminations (E8), the end (E9). */
export const MARKS: readonly Mark[] = [
  { type: "storeOpened", label: "General Store" },
  { type: "eliminated", label: "elimination" },
  { type: "gameOver", label: "end" },
];
