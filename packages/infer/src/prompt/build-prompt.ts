import {
  COMMON_FORMS,
  HELPERS,
  allowedLine,
  helperUsage,
  languageSpec,
  methodsLine,
  secretExampleTool,
  type ParamSpec,
  type ToolExample,
  type ToolSpec,
} from "@lackpy/lang";
import { describeTools } from "@lackpy/kit";
import { codeFrame } from "./code-frame.js";
import { pickTools } from "./pick-tools.js";
import { isAnswerProblem } from "../program-issue.js";
import type { AttemptFeedback, GenerationContext, KitView } from "../provider-types.js";

/** Bumped whenever the prompt text changes, so recorded fixtures can tell. */
export const PROMPT_BUILDER_VERSION = "7";

/**
 * The prompt variants the eval compares: `baseline` (tools and helpers only), `examples` (plus
 * retrieved tool examples), `constraints` (plus the Rules section), `full` (both; the default).
 */
export const PROMPT_VARIANTS = Object.freeze([
  "baseline",
  "examples",
  "constraints",
  "full",
] as const);

/** The variant used when a request names none. */
export const DEFAULT_PROMPT_VARIANT = "full";

/** A chat message. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * The Tools section: every tool of a small kit (its description when given), or for a large kit
 * the tools that fit the request (`pickTools`), with how many the kit has.
 */
function describeKit(kit: KitView, intent: string | undefined): string {
  const shown = pickTools(kit.tools, intent);
  if (shown.length < kit.tools.length)
    return `(${shown.length} of the kit's ${kit.tools.length} tools: those that fit the request)\n${describeTools(shown, kit.aliases)}`;
  if (kit.description) return kit.description;
  return describeTools(kit.tools, kit.aliases);
}

/**
 * The rule for one secret param, as the validator enforces it (language.md §6): the example is a
 * kit tool that takes secrets, and the tools that take none (the file tools) are named.
 */
function describeSecret(name: string, tools: readonly ToolSpec[]): string {
  const tool = secretExampleTool(tools) ?? null;
  const refusing = tools.filter((spec) => spec.acceptsSecrets === false).map((spec) => spec.name);
  if (tool === null)
    return `secret: no tool of this kit takes it, so leave ${name} out of the program; never read, compare, test, print, copy, store or return it`;
  const never = refusing.length > 0 ? `, never to ${refusing.join(", ")}` : "";
  return `secret: pass ${name} only directly as an argument of a kit tool, e.g. ${tool}(${name}) or ${tool}(${name}.field)${never}; never read, compare, test, print, copy, store or return it`;
}

function describeParams(params: Readonly<Record<string, ParamSpec>>, kit: KitView): string {
  return Object.entries(params)
    .map(
      ([name, spec]) =>
        `${name}: ${spec.type ?? "any"}${spec.description ? ` — ${spec.description}` : ""}${spec.secret ? ` (${describeSecret(name, kit.tools)})` : ""}`,
    )
    .join("\n");
}

/**
 * The safe globals the prompt advertises, as call forms. Each is a form the validator accepts
 * (a test validates every call form and code span of every prompt variant).
 */
export const PROMPT_GLOBAL_CALLS: readonly string[] = Object.freeze([
  "Math.max(a, b)",
  "Math.min(a, b)",
  "Math.round(x)",
  "Math.floor(x)",
  "Math.abs(x)",
  "JSON.parse(text)",
  "JSON.stringify(value)",
  "Object.keys(obj)",
  "Object.values(obj)",
  "Object.entries(obj)",
  "Object.fromEntries(pairs)",
  "Array.isArray(x)",
  "Array.from(xs)",
  "Number.parseInt(text)",
  "Number.isInteger(x)",
  "Number(x)",
  "String(x)",
  "Boolean(x)",
  "parseInt(text)",
  "parseFloat(text)",
]);

/**
 * The Rules section; code in backticks is validated by a test, like every other call form of the
 * prompt. What stays refused comes from the language spec (`COMMON_FORMS.refused`), with its fix.
 */
const CONSTRAINTS = [
  "Call the tools directly by name; they are already defined. There is no import, require, fs, path, process or console.",
  allowedLine(languageSpec()),
  methodsLine(languageSpec()),
  "Do not define functions or classes. Arrow functions only as direct arguments: `names.map(name => name.trim())`, `sorted(rows, row => row.size)`, `lines.forEach(line => { print(line) })`.",
  "Use const and let. Loops: `for (const line of lines) print(line)`, `for (const i of range(n)) print(i)` or `for (let i = 0; i < n; i++) print(i)`.",
  "Sets and maps only with new: `[...new Set(names)]`, `new Map(rows)`. Ranges have the array methods: `range(n).filter(i => i > 0)`.",
  `Refused, with the fix: ${COMMON_FORMS.refused.map((form) => `${form.construct.replace(/`/g, "a backtick")} (${form.hint})`).join("; ")}.`,
  'Paths are relative to the workspace, like "src/app.ts"; never absolute.',
  "End with an expression whose value is the answer; return only inside an arrow function's block.",
];

/**
 * The system prompt: role, output-only rule, kit, helpers, params, examples and JS-specific
 * hints. A large kit's tools are picked for `intent` (`pickTools`).
 */
export function buildSystemPrompt(options: {
  kit: KitView;
  params?: Readonly<Record<string, ParamSpec>>;
  examples?: readonly ToolExample[];
  variant?: string;
  intent?: string;
}): string {
  const variant = options.variant ?? DEFAULT_PROMPT_VARIANT;
  const sections = [
    "You write short lackpy programs: a small subset of JavaScript that calls the tools below to answer the user's request. Tool calls are awaited for you.",
    "Answer with only the program: no prose, no explanations, no markdown fences.",
    `Tools:\n${describeKit(options.kit, options.intent) || "(none)"}`,
    `Helpers: ${HELPERS.map(helperUsage).join(", ")}.`,
    `Safe globals: ${PROMPT_GLOBAL_CALLS.join(", ")}.`,
  ];
  const params = options.params ?? {};
  if (Object.keys(params).length > 0)
    sections.push(
      `Parameters (read-only variables already set):\n${describeParams(params, options.kit)}`,
    );
  if (variant === "constraints" || variant === "full")
    sections.push(`Rules:\n${CONSTRAINTS.map((rule) => `- ${rule}`).join("\n")}`);
  const examples = variant === "examples" || variant === "full" ? (options.examples ?? []) : [];
  if (examples.length > 0)
    sections.push(
      `Examples:\n${examples.map((example) => `Request: ${example.intent}\n${example.code}`).join("\n\n")}`,
    );
  return sections.join("\n\n");
}

/** One line per error, with where it is and the fix, and under a positioned error the line of the program it points at. */
function describeErrors(feedback: AttemptFeedback): string {
  return feedback.errors
    .map((error) => {
      const positioned = Boolean(error.line) && !isAnswerProblem(error.code);
      const where = positioned
        ? `line ${error.line}${error.column === undefined ? "" : `, column ${error.column}`}: `
        : "";
      const text = `- ${where}${error.message}${error.hint ? ` Fix: ${error.hint}.` : ""}`;
      const frame =
        positioned && error.column !== undefined
          ? codeFrame(feedback.program, error.line, error.column)
          : "";
      return frame ? `${text}\n${frame.replace(/^/gm, "    ")}` : text;
    })
    .join("\n");
}

/** The messages of one model call: system, user request, and for a retry the previous answer and its errors. */
export function buildMessages(intent: string, context: GenerationContext): ChatMessage[] {
  const system = buildSystemPrompt({
    kit: context.kit,
    params: context.params,
    examples: context.examples,
    variant: context.variant,
    intent,
  });
  const messages: ChatMessage[] = [{ role: "system", content: system }];
  const feedback = context.feedback;
  if (feedback?.strategy === "fixer") {
    messages.push({
      role: "user",
      content: `Request: ${intent}\n\nThis program does not follow the rules:\n${feedback.program}\n\nErrors:\n${describeErrors(feedback)}\n\nWrite the corrected program only.`,
    });
    return messages;
  }
  messages.push({
    role: "user",
    content: context.hint
      ? `${intent}\n\n(lackpy's rules read this request as: ${context.hint}. That reading may miss a word: write the program for the request as written.)`
      : intent,
  });
  if (feedback) {
    messages.push({ role: "assistant", content: feedback.program });
    messages.push({
      role: "user",
      content: `Your program was rejected:\n${describeErrors(feedback)}\n\nWrite the corrected program only.`,
    });
  }
  return messages;
}

const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "from",
  "into",
  "that",
  "this",
  "are",
  "what",
  "which",
  "please",
  "can",
  "you",
]);

const SYNONYMS: Record<string, string[]> = {
  list: ["find", "show", "all", "glob"],
  find: ["list", "search", "glob"],
  read: ["show", "open", "cat", "contents"],
  count: ["how many", "number"],
  write: ["create", "save"],
  edit: ["replace", "rename", "change"],
};

/** Up to `limit` tool examples most related to the intent: keyword overlap (with synonyms) plus tag matches. */
export function retrieveExamples(
  intent: string,
  tools: readonly ToolSpec[],
  limit = 3,
): ToolExample[] {
  const words = new Set(
    intent
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  );
  for (const word of [...words])
    if (Object.hasOwn(SYNONYMS, word)) for (const synonym of SYNONYMS[word]!) words.add(synonym);
  const scored = tools.flatMap((tool) =>
    (tool.examples ?? []).map((example) => {
      const exampleWords = example.intent.toLowerCase().split(/[^a-z0-9_]+/);
      const score =
        exampleWords.filter((word) => words.has(word)).length +
        2 * (example.tags ?? []).filter((tag) => words.has(tag.toLowerCase())).length;
      return { example, score };
    }),
  );
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.example);
}

/** A stable hash of messages (hex), for recording and replaying model calls. Not cryptographic; collisions are astronomically unlikely for prompts. */
export function promptHash(messages: readonly ChatMessage[]): string {
  const text = JSON.stringify(messages.map((message) => [message.role, message.content]));
  const part = (seed: number) => {
    let h1 = 0xdeadbeef ^ seed;
    let h2 = 0x41c6ce57 ^ seed;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
  };
  return part(1) + part(2);
}
