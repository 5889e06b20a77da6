/**
 * Behaviour profiles: deterministic stand-ins for small models, built from the mistakes such
 * models make (see mistakes.ts). They answer from an intent's gold programs, so what they get
 * right and wrong is known; every fixture they produce is marked `source: "synthetic"`.
 */
import type { Intent } from "../types.js";
import {
  fenced,
  finalConsoleLog,
  fsLeak,
  hallucinateKeys,
  helperFunction,
  importLeak,
  pathPrefix,
  returnStatement,
  unknownTool,
} from "./mistakes.js";

/** What a profile sees of one model call. */
export interface SyntheticRequest {
  /** The intent whose text (or paraphrase) the prompt carries; null for text the profile does not know. */
  intent: Intent | null;
  /** Every intent, for answering the wrong question. */
  intents: readonly Intent[];
  stage: "initial" | "retry" | "fixer";
  /** The rejected program of a retry or fixer prompt. */
  previous: string | null;
  /** The system prompt has the Rules section (the `examples` and `constraints` variants). */
  strict: boolean;
  /** The system prompt shows tool examples. */
  examples: boolean;
  /** Deterministic numbers in [0, 1) for this call. */
  roll: number;
  pick: number;
}

/** A synthetic model. */
export interface BehaviourProfile {
  /** Model name in fixtures, e.g. `sim-chatty`. */
  model: string;
  provider: "ollama" | "anthropic";
  description: string;
  answer(request: SyntheticRequest): string;
}

function gold(request: SyntheticRequest): string {
  const programs = request.intent?.gold ?? ['find_files("**/*")'];
  return programs[Math.floor(request.pick * programs.length)];
}

/** A correct program for another intent of the same kit: valid, runs, answers the wrong question. */
export function wrongQuestion(request: SyntheticRequest): string {
  const intent = request.intent;
  if (!intent) return 'find_files("**/*")';
  const others = request.intents.filter(
    (other) => other.id !== intent.id && other.kit === intent.kit && !other.params,
  );
  if (others.length === 0) return 'find_files("**/*")';
  return others[Math.floor(request.pick * others.length)].gold[0];
}

const chatty: BehaviourProfile = {
  model: "sim-chatty",
  provider: "ollama",
  description:
    "Wraps answers in markdown fences with prose, prefixes paths with /workspace, guesses result keys, calls tools by other frameworks' names; usually fixes a rejected program when asked.",
  answer(request) {
    const program = gold(request);
    const roll = request.roll;
    if (request.stage === "retry") return roll < 0.7 ? fenced(program) : request.previous!;
    if (request.stage === "fixer") return roll < 0.6 ? program : request.previous!;
    if (roll < 0.4) return fenced(program);
    if (roll < 0.55) return pathPrefix(program) ?? fenced(program);
    if (roll < 0.7) return hallucinateKeys(program) ?? wrongQuestion(request);
    if (roll < 0.85)
      return request.examples && roll < 0.8
        ? fenced(program)
        : fenced(unknownTool(program) ?? helperFunction(program));
    return program;
  },
};

const nodeHabits: BehaviourProfile = {
  model: "sim-node-habits",
  provider: "ollama",
  description:
    "Writes Node.js: require/import of fs, console.log of the answer, top-level return, helper functions; the Rules section of the prompt makes it less likely.",
  answer(request) {
    const program = gold(request);
    const roll = request.roll;
    if (request.stage === "retry")
      return roll < 0.45
        ? program
        : roll < 0.75
          ? helperFunction(program)
          : (fsLeak(program) ?? program);
    if (request.stage === "fixer") return roll < 0.75 ? program : helperFunction(program);
    const mistakeRate = request.strict ? 0.5 : 0.85;
    if (roll >= mistakeRate) return program;
    const which = roll / mistakeRate;
    if (which < 0.25) return fsLeak(program) ?? importLeak(program);
    if (which < 0.45) return finalConsoleLog(program) ?? importLeak(program);
    if (which < 0.7) return helperFunction(program);
    if (which < 0.85) return returnStatement(program) ?? helperFunction(program);
    return wrongQuestion(request);
  },
};

const careful: BehaviourProfile = {
  model: "sim-careful",
  provider: "anthropic",
  description:
    "Mostly correct plain programs; sometimes answers a neighbouring question or calls a tool that does not exist, and fixes it on retry.",
  answer(request) {
    const program = gold(request);
    const roll = request.roll;
    if (request.stage !== "initial") return program;
    if (roll < 0.82) return program;
    if (roll < 0.9) return wrongQuestion(request);
    if (roll < 0.95) return unknownTool(program) ?? program;
    return fenced(program, "js");
  },
};

/** The shipped behaviour profiles, by model name. */
export const PROFILES: Readonly<Record<string, BehaviourProfile>> = Object.freeze({
  [chatty.model]: chatty,
  [nodeHabits.model]: nodeHabits,
  [careful.model]: careful,
});
