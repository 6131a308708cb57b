import type { ErrorCode, RuleError } from "../types.js";

/** A refusal with its stable code (F9.2) and a message naming the field. */
export const ruleError = (code: ErrorCode, message: string): RuleError => ({ code, message });
