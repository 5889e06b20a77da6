/**
 * Behaviour profiles: deterministic stand-ins for small models, built from the mistakes such
 * models make (see mistakes.ts). They answer from an intent's gold programs, so what they get
 * right and wrong is known; every fixture they produce is marked `source: "synthetic"`.
 *
 * Two kinds of mistake. Whether a profile is *wrong* on an intent (answers another intent's
 * question) is decided once per (profile, intent, prompt features, seed): a profile that is
 * wrong on an intent is wrong there in every trial, attempt and wording, like a model that
 * misunderstands a request. *Surface* mistakes (fences, Node habits, unknown tools, path
 * prefixes) are drawn per call, like sampling noise, and the correction chain may repair them.
 * Every rate a profile uses is in its `rates` table, and its `effects` state them in words for
 * the report.
 */
import type { Intent } from "../inputs/types.js";
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
  /** The system prompt has the Rules section (the `constraints` and `full` variants). */
  strict: boolean;
  /** The system prompt shows tool examples. */
  examples: boolean;
  /** Numbers in [0, 1) fixed per profile, intent and seed: the same in every call about the intent. */
  intentRoll: number;
  intentPick: number;
  /** Numbers in [0, 1) drawn per call (they differ between trials and attempts). */
  roll: number;
  pick: number;
}

/** A synthetic model. */
export interface BehaviourProfile {
  /** Model name in fixtures, e.g. `sim-chatty`. */
  model: string;
  provider: "ollama" | "anthropic";
  description: string;
  /** The rates the profile's code uses, stated in words (shown on the report). */
  effects: readonly string[];
  answer(request: SyntheticRequest): string;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function gold(request: SyntheticRequest): string {
  const programs = request.intent?.gold ?? ['find_files("**/*")'];
  return programs[Math.floor(request.pick * programs.length)];
}

/** A correct program for another intent of the same kit, chosen once per intent: valid, runs, answers the wrong question. */
export function wrongQuestion(request: SyntheticRequest): string {
  const intent = request.intent;
  if (!intent) return 'find_files("**/*")';
  const others = request.intents.filter(
    (other) => other.id !== intent.id && other.kit === intent.kit && !other.params,
  );
  if (others.length === 0) return 'find_files("**/*")';
  return others[Math.floor(request.intentPick * others.length)].gold[0];
}

/** The program the profile means to write: the gold one, or, on intents it is wrong about, another intent's. */
function intended(
  request: SyntheticRequest,
  wrongShare: number,
): { program: string; wrong: boolean } {
  if (request.intent && request.intentRoll < wrongShare)
    return { program: wrongQuestion(request), wrong: true };
  return { program: gold(request), wrong: false };
}

const CHATTY = {
  wrongIntents: 0.1,
  fenced: 0.4,
  pathPrefix: 0.15,
  guessedKeys: 0.15,
  foreignTools: 0.15,
  foreignToolsWithExamples: 0.05,
  fixOnRetry: 0.7,
  fixOnFixer: 0.6,
} as const;

const chatty: BehaviourProfile = {
  model: "sim-chatty",
  provider: "ollama",
  description:
    "Wraps answers in markdown fences with prose, prefixes paths with /workspace, guesses result keys, calls tools by other frameworks' names; usually fixes a rejected program when asked.",
  effects: [
    `answers another intent's question on ${percent(CHATTY.wrongIntents)} of intents, in every trial and variant`,
    `reads results under guessed keys (.path for .file, ...) on ${percent(CHATTY.guessedKeys)} of intents (those whose program reads a result field), in every trial and variant`,
    `per answer: ${percent(CHATTY.fenced)} fenced with prose, ${percent(CHATTY.pathPrefix)} /workspace path prefix, ${percent(CHATTY.foreignTools)} other frameworks' tool names or a helper function`,
    `Examples section (examples, full): other frameworks' tool names drop from ${percent(CHATTY.foreignTools)} to ${percent(CHATTY.foreignToolsWithExamples)} of answers (the rest are fenced)`,
    `fixes a rejected program on ${percent(CHATTY.fixOnRetry)} of retries and ${percent(CHATTY.fixOnFixer)} of fixer prompts`,
  ],
  answer(request) {
    const meant = intended(request, CHATTY.wrongIntents);
    const program =
      !meant.wrong && request.intentRoll < CHATTY.wrongIntents + CHATTY.guessedKeys
        ? (hallucinateKeys(meant.program) ?? meant.program)
        : meant.program;
    const roll = request.roll;
    if (request.stage === "retry")
      return roll < CHATTY.fixOnRetry ? fenced(program) : request.previous!;
    if (request.stage === "fixer") return roll < CHATTY.fixOnFixer ? program : request.previous!;
    let bound = CHATTY.fenced;
    if (roll < bound) return fenced(program);
    if (roll < (bound += CHATTY.pathPrefix)) return pathPrefix(program) ?? fenced(program);
    const foreign = request.examples ? CHATTY.foreignToolsWithExamples : CHATTY.foreignTools;
    if (roll < bound + foreign) return fenced(unknownTool(program) ?? helperFunction(program));
    if (roll < bound + CHATTY.foreignTools) return fenced(program);
    return program;
  },
};

const NODE = {
  wrongIntents: 0.08,
  habits: 0.85,
  habitsWithRules: 0.5,
  fixOnRetry: 0.45,
  fixOnFixer: 0.75,
} as const;

const nodeHabits: BehaviourProfile = {
  model: "sim-node-habits",
  provider: "ollama",
  description:
    "Writes Node.js: require/import of fs, console.log of the answer, top-level return, helper functions; the Rules section of the prompt makes it less likely.",
  effects: [
    `answers another intent's question on ${percent(NODE.wrongIntents)} of intents, in every trial and variant`,
    `per answer: a Node.js habit (fs, import, console.log, return, helper function) in ${percent(NODE.habits)} of answers`,
    `Rules section (constraints, full): Node.js habits drop to ${percent(NODE.habitsWithRules)} of answers`,
    `fixes a rejected program on ${percent(NODE.fixOnRetry)} of retries and ${percent(NODE.fixOnFixer)} of fixer prompts`,
  ],
  answer(request) {
    const { program } = intended(request, NODE.wrongIntents);
    const roll = request.roll;
    if (request.stage === "retry")
      return roll < NODE.fixOnRetry
        ? program
        : roll < 0.75
          ? helperFunction(program)
          : (fsLeak(program) ?? program);
    if (request.stage === "fixer")
      return roll < NODE.fixOnFixer ? program : helperFunction(program);
    const habitRate = request.strict ? NODE.habitsWithRules : NODE.habits;
    if (roll >= habitRate) return program;
    const which = roll / habitRate;
    if (which < 0.3) return fsLeak(program) ?? importLeak(program);
    if (which < 0.5) return finalConsoleLog(program) ?? importLeak(program);
    if (which < 0.75) return helperFunction(program);
    return returnStatement(program) ?? helperFunction(program);
  },
};

const CAREFUL = {
  wrongIntents: 0.08,
  wrongIntentsWithExamples: 0.05,
  unknownTool: 0.05,
  fenced: 0.05,
} as const;

const careful: BehaviourProfile = {
  model: "sim-careful",
  provider: "anthropic",
  description:
    "Mostly correct plain programs; misunderstands a few intents the same way every time, sometimes calls a tool that does not exist and fixes it on retry.",
  effects: [
    `answers another intent's question on ${percent(CAREFUL.wrongIntents)} of intents, in every trial and variant`,
    `Examples section (examples, full): wrong on ${percent(CAREFUL.wrongIntentsWithExamples)} of intents instead`,
    `per answer: ${percent(CAREFUL.unknownTool)} call a tool that does not exist (fixed on retry), ${percent(CAREFUL.fenced)} fenced`,
  ],
  answer(request) {
    const share = request.examples ? CAREFUL.wrongIntentsWithExamples : CAREFUL.wrongIntents;
    const { program } = intended(request, share);
    const roll = request.roll;
    if (request.stage !== "initial") return program;
    if (roll < CAREFUL.unknownTool) return unknownTool(program) ?? program;
    if (roll < CAREFUL.unknownTool + CAREFUL.fenced) return fenced(program, "js");
    return program;
  },
};

const STUBBORN = { wrongIntents: 0.35 } as const;

const stubborn: BehaviourProfile = {
  model: "sim-stubborn",
  provider: "ollama",
  description:
    "Consistently wrong: on some intents it always writes the same valid program for another question, in every trial, variant and wording; otherwise the gold program. It shows what the ratchet does with a model that agrees with itself on wrong answers.",
  effects: [
    `answers another intent's question on ${percent(STUBBORN.wrongIntents)} of intents, always with the same program, in every trial, variant and wording`,
    "no surface mistakes: every answer is a plain valid program",
  ],
  answer(request) {
    return intended(request, STUBBORN.wrongIntents).program;
  },
};

/** The shipped behaviour profiles, by model name. */
export const PROFILES: Readonly<Record<string, BehaviourProfile>> = Object.freeze({
  [chatty.model]: chatty,
  [nodeHabits.model]: nodeHabits,
  [careful.model]: careful,
  [stubborn.model]: stubborn,
});

/** The seed of the per-intent decisions: change it to draw other intents to be wrong about. */
export const SYNTHETIC_SEED = 1;
