/**
 * The table kit: pieces any game's table is drawn with (components/table, game-agnostic). SeatRing puts
 * the seats around an oval with the viewer at the bottom (distance, players to act, countdowns, away and
 * disconnected badges); Countdown, Help (an explanation on hover, focus and tap), RulesPanel, and the
 * motion helpers (Flash, Tumble, Travel, ShotLines, MotionRoot, MotionToggle). Its CSS: table.css,
 * motion.css.
 */
export { Countdown } from "./Countdown";
export { enabledCommands, inputKey, isOffered, type Offer, type SendAction } from "./controls";
export { Help, type HelpText } from "./Help";
export { ringLayout, ringOrder, towardCenter, type Cell, type RingLayout } from "./layout";
export { animClass, Flash, MotionRoot, MotionToggle, skipAnimations, Travel, Tumble, useChange, useRises } from "./motion";
export { fractionLeft, hasPresence, peopleSeen, seatStatus, seatTimer, secondsLeft, type SeatStatus, type SeatTimer } from "./presence";
export { RulesPanel } from "./RulesPanel";
export { SeatRing, type RingSeat, type SeatPlace, type SeatRingProps } from "./SeatRing";
export { ShotLines, type SeatLine } from "./ShotLines";
export { useNow } from "./useNow";
