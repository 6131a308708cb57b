import type { Mark } from "../../lib/timeline";

/** The dice game's events the inspector jumps to: Indian attacks (R4.1), eliminations (R5.1), the end (R6). */
export const MARKS: readonly Mark[] = [
  { type: "indianAttack", label: "Indian attack" },
  { type: "eliminated", label: "elimination" },
  { type: "gameOver", label: "end" },
];
