import type { LimitDefaults } from "./language-spec-types.js";

/** Runtime limit defaults (language spec section 6). */
export const DEFAULT_LIMITS: Readonly<LimitDefaults> = Object.freeze({
  maxSteps: 1_000_000,
  timeoutMs: 5_000,
  toolTimeoutMs: 30_000,
  maxToolCalls: 1_000,
  maxSize: 10_000_000,
  maxOutputBytes: 1_048_576,
  memoryMb: 256,
});

/** Largest program source accepted, in bytes (checked before parsing). */
export const MAX_SOURCE_BYTES = 1_048_576;

/** Deepest syntax nesting accepted. */
export const MAX_SYNTAX_DEPTH = 256;

/** The version of the language described here. */
export const LANGUAGE_VERSION = "1.2";
