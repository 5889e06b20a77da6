/**
 * The linear-time regex engine (re2js), loaded on first need: importing it costs more than many
 * whole runs, and most programs never use a regex. A run loads it before it starts when its
 * program can make a regex (see analyze-program.ts) or its params hold one; a tool result that
 * holds a regex, and a computed `text[key](…)` call of a pattern method, wait for it during the
 * run. Compiled code that matches therefore finds it loaded and stays synchronous.
 */
import type * as Re2 from "re2js";

/** The engine's module. */
export type RegexEngine = typeof Re2;

/** String methods that make a regex from a string argument (`"abc".match("b")`). */
export const PATTERN_METHODS: ReadonlySet<string> = new Set(["match", "matchAll", "search"]);

let engine: RegexEngine | undefined;
let loading: Promise<void> | undefined;

/** True once the engine can be used synchronously. */
export function regexEngineLoaded(): boolean {
  return engine !== undefined;
}

/** Loads the engine (once per process): undefined when it is already loaded, else a promise that settles when it is. */
export function loadRegexEngine(): Promise<void> | undefined {
  if (engine) return undefined;
  loading ??= import("re2js").then(
    (module) => {
      engine = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The loaded engine; a run reaches here only after loading it, so a missing engine is a bug in lackpy. */
export function regexEngine(): RegexEngine {
  if (!engine) throw new Error("lackpy's regex engine was used before it was loaded");
  return engine;
}
