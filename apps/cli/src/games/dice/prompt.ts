/**
 * The person's decisions in Bang! The Dice Game: what they may do now (from legalActions on their own
 * view), what Enter does, and the die-by-die questions of a resolution. The shell prompts, submits and
 * prints refusals; this says what a line means.
 */
import { legalActions, type Command, type LegalActions, type PlayerId, type PlayerView } from "@bang/game-dice";
import type { PromptIo, Reading, TurnPrompt } from "../../shell/game-ui.js";
import { columns } from "../../shell/text.js";
import { formatCommand } from "./format.js";
import { parseMove, playerNamed } from "./move.js";

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/** The resolution Enter would suggest: the first target of every shot, every beer for yourself. */
function defaultResolution(legal: Resolve, me: PlayerId): Extract<Command, { type: "resolve" }> {
  return {
    type: "resolve",
    by: me,
    shots: legal.shots.map((s) => ({ die: s.die, target: s.targets[0]! })),
    beers: legal.beers.map((b) => ({ die: b.die, target: b.targets.includes(me) ? me : b.targets[0]! })),
  };
}

/** The hint above the prompt: what the person may do now, with the legal choices. */
function hint(view: PlayerView, legal: LegalActions, me: PlayerId): string {
  switch (legal.kind) {
    case "roll":
      return "Your move: roll (or Enter) throws the five dice.";
    case "reroll":
      return `Your move: reroll DICE (any of ${legal.rerollable.join(" ")}; ${legal.rollsLeft} roll${legal.rollsLeft === 1 ? "" : "s"} left), or stop (or Enter) to keep these dice.`;
    case "heal":
      return `Your move: Sid Ketchum gives 1 life to a player: heal PLAYER (${legal.targets.join(", ")}; Enter heals you).`;
    case "react":
      return `You are hit: take up to ${legal.max} arrow${legal.max === 1 ? "" : "s"} instead of life: react N (Enter takes none).`;
    case "resolve": {
      const rows = [
        ...legal.shots.map((s) => [`die ${s.die} (${view.dice[s.die]})`, `shoots ${s.targets.join(", ")}`]),
        ...legal.beers.map((b) => [`die ${b.die} (beer)`, `gives 1 life to ${b.targets.join(", ")}`]),
      ];
      if (legal.slab) rows.push(["slab:BEER>SHOT", `Slab the Killer: give up beer die ${legal.slab.beers.join("/")} to double shot die ${legal.slab.shots.join("/")}`]);
      if (legal.arrowDiscards) {
        const holders = legal.arrowDiscards.players.map((p) => `${p.id} (${p.arrows})`).join(", ") || "nobody holds one";
        rows.push(["discard:ID,...", `Kit Carlson: up to ${legal.arrowDiscards.max} players return an arrow: ${holders}`]);
      }
      const example = formatCommand(defaultResolution(legal, me));
      return [`Your move: resolve. Every 1/2 die needs a target and every beer a player:`, ...columns(rows), `Type e.g. \`${example}\`, or Enter to choose die by die.`].join("\n");
    }
    case "none":
      return "";
  }
}

/**
 * Asks for one player among `choices`, offered with their seat numbers; the answer is a seat number,
 * an id or `me`, Enter takes `fallback`. Null at end of input.
 */
async function askPlayer(io: PromptIo, prompt: string, view: PlayerView, me: PlayerId, choices: PlayerId[], fallback: PlayerId): Promise<PlayerId | null> {
  const offered = choices.map((id) => `${view.players.findIndex((p) => p.id === id) + 1}) ${id}`).join("  ");
  for (;;) {
    const line = await io.ask(`${prompt} ${offered} [${fallback}]> `);
    if (line === null) return null;
    const id = line.trim() === "" ? fallback : playerNamed(line, view, me);
    if (choices.includes(id)) return id;
    io.say(`INVALID_TARGET: "${line.trim()}" is not one of ${choices.join(", ")}`);
  }
}

/** Enter at the resolve prompt: Slab's double, then a target per die, then Kit's discards. Null at end of input. */
async function askResolution(io: PromptIo, view: PlayerView, legal: Resolve, me: PlayerId): Promise<Command | null> {
  const command = defaultResolution(legal, me);
  if (legal.slab) {
    for (;;) {
      const line = await io.ask(`Slab the Killer: double a shot? BEER>SHOT (beer ${legal.slab.beers.join("/")}, shot ${legal.slab.shots.join("/")}), Enter for no> `);
      if (line === null) return null;
      const m = /^\s*(\d)\s*[>,\s/]\s*(\d)\s*$/.exec(line);
      if (line.trim() === "" || /^\s*no?\s*$/i.test(line)) break;
      if (m) {
        command.slab = { beer: Number(m[1]), shot: Number(m[2]) };
        break;
      }
      io.say("INVALID_COMMAND: write the beer die and the shot die, e.g. 2>1");
    }
  }
  for (const [k, shot] of legal.shots.entries()) {
    const target = await askPlayer(io, `die ${shot.die} (${view.dice[shot.die]}) shoots`, view, me, shot.targets, shot.targets[0]!);
    if (target === null) return null;
    command.shots[k]!.target = target;
  }
  command.beers = [];
  for (const beer of legal.beers) {
    if (command.slab?.beer === beer.die) continue;
    const fallback = beer.targets.includes(me) ? me : beer.targets[0]!;
    const target = await askPlayer(io, `die ${beer.die} (beer) gives 1 life to`, view, me, beer.targets, fallback);
    if (target === null) return null;
    command.beers.push({ die: beer.die, target });
  }
  if (legal.arrowDiscards && legal.arrowDiscards.players.length > 0) {
    const holders = legal.arrowDiscards.players.map((p) => p.id);
    const line = await io.ask(`Kit Carlson: up to ${legal.arrowDiscards.max} of ${holders.join(", ")} return an arrow (ids, Enter for none)> `);
    if (line === null) return null;
    const ids = line.split(/[\s,]+/).filter((t) => t.length > 0);
    if (ids.length > 0) command.arrowDiscards = ids.map((t) => playerNamed(t, view, me));
  }
  return command;
}

/** What Enter does at the main prompt, or a bare answer to a heal / react question; null: parse the line. */
function shortcut(text: string, view: PlayerView, legal: LegalActions, by: PlayerId): Command | "ask" | null {
  if (text === "") {
    // Enter: roll, keep the dice, heal yourself, take no arrow; a resolution is asked die by die.
    const enter: Partial<Record<LegalActions["kind"], Command>> = {
      roll: { type: "roll", by },
      reroll: { type: "stop", by },
      heal: { type: "heal", by, target: by },
      react: { type: "react", by, arrows: 0 },
    };
    return legal.kind === "resolve" ? "ask" : (enter[legal.kind] ?? null);
  }
  if (legal.kind === "react" && /^\d+$/.test(text)) return { type: "react", by, arrows: Number(text) };
  if (legal.kind === "heal" && !/\s/.test(text)) {
    const target = playerNamed(text, view, by);
    if (view.players.some((p) => p.id === target)) return { type: "heal", by, target };
  }
  return null;
}

/** The prompt of `me`'s next decision, from their own view. */
export function dicePrompt(view: PlayerView, me: PlayerId): TurnPrompt<Command> {
  const legal = legalActions(view, me);
  return {
    hint: hint(view, legal, me),
    label: legal.kind,
    async read(line, io): Promise<Reading<Command>> {
      const quick = shortcut(line, view, legal, me);
      if (quick === "ask") {
        const chosen = await askResolution(io, view, legal as Resolve, me);
        return chosen === null ? null : { command: chosen };
      }
      return quick === null ? parseMove(line, view, me) : { command: quick };
    },
  };
}
