/**
 * Parses what a person types in a duel (RULES.md part D) into a duel command: `roll`, `reroll 0 2`,
 * `stop`, `resolve change:B>D=FACE dynamite:n0 shot:D@COL repair:COL`, `pick sheriff|outlaw|renegade`
 * (or s/o/r), `effect n0 f2`; cards are `n` (near) or `f` (far) and a column 0..3.
 */
import { DUEL_CARDS, FACES, type CardRef, type DuelCard, type DuelCommand, type DuelResolveCommand, type Face, type PlayerId } from "@bang/game-dice-duel";
import type { Refusal } from "@bang/game-core";

/** A line read: the command it stands for, or why it is not one (INVALID_COMMAND). */
export type DuelMove = { command: DuelCommand } | { refusal: Refusal };

const err = (message: string): DuelMove => ({ refusal: { code: "INVALID_COMMAND", message } });

/** `n2` / `near2` / `f0`: a card, or null. */
export function parseCard(text: string): CardRef | null {
  const m = /^(n|near|f|far)\s*([0-3])$/i.exec(text.trim());
  if (!m) return null;
  return { row: m[1]!.toLowerCase().startsWith("n") ? "near" : "far", column: Number(m[2]) };
}

/** `s`, `sheriff`, ...: a duel card, or null. */
export function parseDuelCard(text: string): DuelCard | null {
  const t = text.trim().toLowerCase();
  return DUEL_CARDS.find((c) => c === t || c[0] === t) ?? null;
}

/** Parses one line typed by `me`. */
export function parseDuelMove(line: string, me: PlayerId): DuelMove {
  const words = line.trim().split(/\s+/).filter((w) => w.length > 0);
  const [verb, ...rest] = words;
  const by = me;
  switch (verb?.toLowerCase()) {
    case "roll":
      return { command: { type: "roll", by } };
    case "stop":
      return { command: { type: "stop", by } };
    case "reroll": {
      const indexes = rest.map(Number);
      if (indexes.length === 0 || indexes.some((i) => !Number.isInteger(i))) return err("reroll: give die numbers 0..4, e.g. reroll 0 3");
      return { command: { type: "reroll", by, indexes } };
    }
    case "pick": {
      const card = rest[0] === undefined ? null : parseDuelCard(rest[0]);
      if (!card) return err("pick: sheriff, outlaw or renegade (s, o, r)");
      return { command: { type: "pick", by, card } };
    }
    case "effect": {
      const cards = rest.map(parseCard);
      if (cards.length === 0 || cards.some((c) => c === null)) return err("effect: name cards as n0..n3 (near) or f0..f3 (far), e.g. effect n1 f1");
      return { command: { type: "effect", by, cards: cards as CardRef[] } };
    }
    case "resolve": {
      const command: DuelResolveCommand = { type: "resolve", by };
      for (const word of rest) {
        const [key, value = ""] = word.split(":");
        switch (key) {
          case "change": {
            const m = /^(\d)>(\d)=([a-z0-9]+)$/.exec(value);
            if (!m || !(FACES as readonly string[]).includes(m[3]!)) return err(`resolve: "${word}": write change:BEER>DIE=FACE, e.g. change:2>4=1`);
            (command.changes ??= []).push({ beer: Number(m[1]), die: Number(m[2]), face: m[3] as Face });
            break;
          }
          case "dynamite": {
            const card = parseCard(value);
            if (!card) return err(`resolve: "${word}": write dynamite:n0 (one of your cards)`);
            command.dynamite = card;
            break;
          }
          case "shot": {
            const m = /^(\d)@(\d)$/.exec(value);
            if (!m) return err(`resolve: "${word}": write shot:DIE@COLUMN, e.g. shot:0@2`);
            (command.shots ??= []).push({ die: Number(m[1]), column: Number(m[2]) });
            break;
          }
          case "repair": {
            if (!/^\d$/.test(value)) return err(`resolve: "${word}": write repair:COLUMN, e.g. repair:1`);
            (command.repairs ??= []).push(Number(value));
            break;
          }
          default:
            return err(`resolve: "${word}" is not change:, dynamite:, shot: or repair:`);
        }
      }
      return { command };
    }
    default:
      return err(`"${verb ?? ""}" is not a duel command (roll, reroll, stop, resolve, pick, effect; help lists them)`);
  }
}
