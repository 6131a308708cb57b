/**
 * Human messages for what can go wrong between the page and the server: every error the SDK reports
 * (ClientError codes) maps to a sentence that says what happened and what to do. Never a blank page.
 */

/** What a page shows for an error: a title, a sentence, and whether signing in again is the fix. */
export interface Problem {
  title: string;
  message: string;
  signInAgain: boolean;
}

const KNOWN: Record<string, Omit<Problem, "message"> & { message?: string }> = {
  NETWORK: { title: "The game server does not answer", message: "It may be down or restarting. Check that it runs, then reload the page.", signInAgain: false },
  BAD_CREDENTIALS: { title: "Wrong name or password", message: "Check the admin name and password and try again.", signInAgain: false },
  RATE_LIMITED: { title: "Too many attempts", signInAgain: false },
  SESSION_EXPIRED: { title: "Your session has expired", message: "Sign in again to go on.", signInAgain: true },
  ADMIN_REQUIRED: { title: "Admin sign-in needed", message: "This page is for admins: sign in first.", signInAgain: true },
  TOURNAMENT_NOT_FOUND: { title: "No such tournament", message: "There is no tournament with this id. It may have been mistyped, or it never existed.", signInAgain: false },
  GAME_NOT_FOUND: { title: "No such game", message: "There is no game with this id. It may have been mistyped, or it never existed.", signInAgain: false },
  TABLE_NOT_FOUND: { title: "No such table", message: "No open table has this code. Check the code with the host.", signInAgain: false },
  TABLE_FULL: { title: "This table is full", signInAgain: false },
  ALREADY_STARTED: { title: "This table has already started", signInAgain: false },
  BAD_TOKEN: { title: "Your player identity is no longer valid", message: "Pick a name again to get a new one.", signInAgain: false },
  GAME_ENDED: { title: "The game was ended by an admin", signInAgain: false },
  TIMEOUT: { title: "The server is slow to answer", message: "Try again in a moment.", signInAgain: false },
  CODE_NOT_FOUND: { title: "No table or game has this code", message: "Check it with whoever gave it to you: a table code has 4 to 8 letters or digits, a game id is longer.", signInAgain: false },
  PLAYER_NOT_FOUND: { title: "No such player", message: "No player has this id. The link may be mistyped.", signInAgain: false },
  UNKNOWN_GAME: { title: "This server has no such game", signInAgain: false },
  SETUP_CLOSED: { title: "An admin account exists already", message: "The setup link is no longer needed: sign in with your name and password.", signInAgain: false },
  SETUP_TOKEN_INVALID: { title: "This setup link does not work", message: "It is not the link the server printed, or it was used already. Copy the whole link from the server's output.", signInAgain: false },
  SETUP_TOKEN_EXPIRED: { title: "This setup link has expired", message: "Restart the server: it prints a new link when the old one has expired.", signInAgain: false },
  BAD_RESPONSE: { title: "The server answered something unexpected", message: "The web app and the server may be of different versions.", signInAgain: false },
};

/** The problem to show for `error` (a ClientError, an Error, or anything thrown). */
export function describeProblem(error: unknown): Problem {
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const message = typeof error === "object" && error !== null && "message" in error ? (error as { message: unknown }).message : error;
  const raw = typeof message === "string" && message.length > 0 ? message : "Something went wrong.";
  const known = KNOWN[code];
  if (known) return { title: known.title, message: known.message ?? raw, signInAgain: known.signInAgain };
  return { title: code ? `Refused: ${code}` : "Something went wrong", message: raw, signInAgain: false };
}

/** The code of a thrown ClientError, or null. */
export function codeOf(error: unknown): string | null {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : null;
}
