"use client";
import { BLUE_KINDS, cardInfo, isCardId, type CardId, type Kind } from "@bang/game-cards";
import { Help } from "@/components/table/Help";
import { CARD_HELP } from "./help";
import { cardMark, cardName, cardSpoken } from "./words";

const BLUE = new Set<Kind>(BLUE_KINDS);

/** The class of a card's face: its colour (E2.8: brown or blue) and whether its suit is red. */
export function faceClass(card: CardId): string {
  const c = cardInfo(card);
  return `cards-face cards-${BLUE.has(c.kind) ? "blue" : "brown"}${c.suit === "hearts" || c.suit === "diamonds" ? " cards-red" : ""}`;
}

/** A card's face as text: its printed name and corner (rank and suit). Decoration inside a button or a Help term. */
export function CardFace({ card, small = false }: { card: CardId; small?: boolean }) {
  return (
    <span className={`${faceClass(card)}${small ? " cards-face-small" : ""}`} data-card={card}>
      <span className="cards-face-name">{cardName(card)}</span>
      <span className="cards-face-mark" aria-hidden="true">
        {cardMark(card)}
      </span>
      <span className="kit-sr">{cardSpoken(card).slice(cardName(card).length)}</span>
    </span>
  );
}

/** A public card (in play, the discard top, the General Store) whose effect shows on tap, hover or focus. */
export function CardHelp({ card, small = false, testId }: { card: CardId; small?: boolean; testId?: string }) {
  if (!isCardId(card)) return null;
  const help = CARD_HELP[cardInfo(card).kind];
  return (
    <Help term={<CardFace card={card} small={small} />} className="cards-help" testId={testId}>
      <b>{cardName(card)}</b>: {help.text} ({help.rule})
    </Help>
  );
}
