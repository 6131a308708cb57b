/**
 * The events of Ca$h 'n Guns (RULES-cash-n-guns.md part F) as short lines for people. They are the ones
 * the viewer was shown (the module's viewEvent): another player's face-down card comes without its
 * kind, another's clip outcome not at all (F8.8, F8.9); the lines never say more than the events do.
 */
import type { CngEvent, CngView } from "@bang/game-cash-n-guns";
import { dollars, lootName, lootText } from "./format.js";

/** Why the game ended (F7), in words. */
const REASONS: Record<Extract<CngEvent, { type: "gameOver" }>["winner"]["reason"], string> = {
  richest: "the richest wins",
  last_survivor: "one gangster left standing",
  all_dead: "everyone is dead",
};

function describe(e: CngEvent, me: string | null): string | null {
  switch (e.type) {
    case "roundStarted":
      return `== Round ${e.round} (Godfather ${e.godfather}): the loot is ${lootText(e.table)} ==`;
    case "bulletChosen":
      return `${e.player} has chosen a bullet card`;
    case "aimed":
      return `${e.player} has aimed`;
    case "holdUpClosed":
      return `The hold-up closes${e.slow.length > 0 ? `: ${e.slow.join(", ")} too slow, holding nobody up` : ""}`;
    case "aimsRevealed":
      return `Aims: ${e.aims.map((a) => `${a.player} -> ${a.target ?? "nobody"}`).join(", ")}`;
    case "orderGiven":
      return `The Godfather ${e.godfather} orders ${e.player} to change target`;
    case "privilegePassed":
      return `The Godfather ${e.godfather} lets the aims stand`;
    case "retargeted":
      return `${e.player} now aims at ${e.target} (was ${e.from})`;
    case "courageChosen":
      return `${e.player} has made up their mind`;
    case "courageRevealed":
      return `Courage: ${e.choices.map((c) => `${c.player} ${c.choice === "stand" ? "stands" : "lies down"}`).join(", ")}`;
    case "bulletRevealed":
      return e.card === "bang" ? `${e.player} shoots ${e.target}: BANG!` : `${e.player} fires at ${e.target}: click`;
    case "bulletDiscarded":
      return e.card === null ? `${e.player} discards a bullet card face down` : `${e.player === me ? "You discard" : `${e.player} discards`} ${e.card === "bang" ? "a bang" : "a click"} face down`;
    case "wounded":
      return `${e.player} is wounded (+${e.amount}, ${e.wounds} in all)`;
    case "died":
      return `${e.player} dies`;
    case "lootTaken":
      return `${e.player} takes ${lootName(e.card)}`;
    case "newGodfatherTaken":
      return `${e.player} takes the New Godfather tile`;
    case "clipResolved":
      return `${e.player === me ? "Your" : `${e.player}'s`} clip ${e.reloaded ? "reloads a bang (a click goes to the discard)" : "is lost (no click in hand or no bang used)"}`;
    case "firstAidKitUsed":
      return `${e.player} uses a first aid kit: ${e.healed} wound${e.healed === 1 ? "" : "s"} healed`;
    case "lootDiscarded":
      return `Nobody may share: the loot leaves the game (${lootText(e.cards)})`;
    case "roundEnded":
      return `Round ${e.round} ends; the Godfather is ${e.godfather}`;
    case "gameOver": {
      const who = e.winner.players.join(", ") || "nobody";
      const totals = e.totals ? ` Totals: ${Object.entries(e.totals).map(([id, t]) => `${id} ${dollars(t)}`).join(", ")}.` : "";
      return `Game over (${REASONS[e.winner.reason]}): ${who} ${e.winner.players.length > 1 ? "win" : "wins"}.${totals}`;
    }
  }
}

/** One short line per event; `view` is the viewer's after the events. */
export function describeEvents(events: readonly CngEvent[], view: CngView): string[] {
  const me = view.viewer.kind === "player" ? view.viewer.id : null;
  return events.map((e) => describe(e, me)).filter((line): line is string => line !== null);
}
