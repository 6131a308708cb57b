import * as z from "zod/mini";
import { LIMITS } from "./messages.js";

/**
 * Characters a player name may not hold anywhere: controls (\p{Cc}: NUL, tab, newline...), lone
 * surrogates, line and paragraph separators, and the bidirectional formatting characters
 * (\p{Bidi_Control}: the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069, and the
 * marks U+061C, U+200E, U+200F), which would reorder the text shown around the name.
 */
const FORBIDDEN = String.raw`[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}]`;
/**
 * A visible character: a letter, digit, punctuation mark or symbol that is not default-ignorable
 * (zero-width characters, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, which are letters) nor the
 * blank Braille pattern U+2800 (a symbol that draws nothing).
 */
const VISIBLE = String.raw`(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]`;

/**
 * A player name as a JSON Schema `pattern` (ECMA-262 with the `u` flag, as Ajv compiles it): no
 * forbidden character, and at least one visible one. Spaces around it are allowed (the server trims
 * them), and so are format characters between visible ones (a zero-width joiner in an emoji sequence).
 */
export const PLAYER_NAME_PATTERN = String.raw`^(?!.*${FORBIDDEN})(?=.*${VISIBLE}).+$`;

/** What PLAYER_NAME_PATTERN asks for, in words (the message of a refused name). */
export const PLAYER_NAME_RULE = "a name needs a visible letter, digit or symbol, and may not hold control or bidirectional formatting characters";

const forbidden = new RegExp(FORBIDDEN, "u");
const visible = new RegExp(VISIBLE, "u");

/**
 * A guest's name (POST /api/guests): trimmed, 1 to LIMITS.maxNameLength characters (code points, as
 * JSON Schema counts them), and PLAYER_NAME_PATTERN.
 */
export const playerName = z.string().check(
  z.trim(),
  z.refine((name) => name.length > 0 && [...name].length <= LIMITS.maxNameLength, { message: `a name has 1 to ${LIMITS.maxNameLength} characters`, abort: true }),
  z.refine((name) => !forbidden.test(name) && visible.test(name), PLAYER_NAME_RULE),
);
