import type { ErrorCode, RuleError } from "../types.js";

/** A refusal with its stable code and a message naming the field. */
export const ruleError = (code: ErrorCode, message: string): RuleError => ({ code, message });
