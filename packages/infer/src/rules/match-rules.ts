/**
 * Matching a request to the rules: read it into tokens, ground them in the workspace, render
 * their forms as one line ("count K file in D") and try each rule's patterns in order. A pattern
 * is anchored at both ends, so a rule answers only when every word of the request is taken by
 * its pattern, a slot, or the closed list of filler words: a word left over means no answer. A
 * rule that matches builds its program from the tokens its groups took, with its reading (what
 * it answers, in one line), or says why it cannot (a folder that is not there); the first
 * program wins. When none answers, the miss says why and, only when the request means what a
 * rule answers once the words no rule reads are left out, that rule with the phrasing that works.
 */
import { isKnownExtension } from "./file-kinds.js";
import { groundRequest } from "./ground-request.js";
import { INTENT_RULES } from "./intent-rules.js";
import { mayMatch } from "./first-words.js";
import { readRequest, type Token } from "./read-request.js";
import { quoted } from "./reading-text.js";
import { TESTS_LEFT_OUT, folderLeftOut, leaveOutFolder, leaveOutTests } from "./test-exclusion.js";
import type { IntentRule, RuleContext, RuleProgram, RuleSlots } from "./rule-types.js";

/** Intents longer than this are left to the other tiers: everyday requests are short, and it bounds the rules' work. */
export const MAX_RULE_INTENT_LENGTH = 300;

/** Most words no rule reads that a "did you mean" may leave out of a request. */
const MAX_LEFT_OUT = 2;

/** A rule answered: its id, program, params and reading, and the words it read as others a letter away. */
export interface RuleMatch extends RuleProgram {
  rule: string;
  /** Words read as the known word one edit away (`lsit` → `list`): the reading is then a guess at those words. */
  guesses: string[];
}

/** The rule that comes close to a request no rule answered, and a phrasing of it that it answers. */
export interface ClosestRule {
  rule: string;
  summary: string;
  /** A phrasing the rule answers: the request without the words no rule reads, or one of the rule's examples. */
  example: string;
  /** The words left out of the request to get `example`, when it is the request itself. */
  leftOut?: string[];
  /** How the rule reads `example`, when it is the request itself. */
  reading?: string;
}

/** No rule answered: why, and the closest rule when one shares the request's meaning ("did you mean"). */
export interface RuleMiss {
  rule: null;
  reason: string;
  closest: ClosestRule | null;
  /** The words no rule reads (unknown words the patterns could not take). */
  unread: string[];
}

/** A request's forms as one line, and where each token starts in it. */
export function renderForms(tokens: readonly Token[]): { line: string; starts: number[] } {
  const starts: number[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "") line += " ";
    starts.push(line.length);
    line += token.form;
  }
  return { line, starts };
}

/** The tokens each named group of a match took. */
function slotsOf(
  match: RegExpExecArray,
  tokens: readonly Token[],
  starts: readonly number[],
): RuleSlots {
  const slots: Record<string, Token[]> = {};
  for (const [name, span] of Object.entries(match.indices?.groups ?? {})) {
    if (!span) continue;
    slots[name] = tokens.filter(
      (_, index) => starts[index]! >= span[0] && starts[index]! < span[1],
    );
  }
  return slots;
}

type Tried =
  { answer: RuleMatch } | { answer: null; refused: { rule: IntentRule; reason: string } | null };

/** The first rule whose pattern matches the tokens and builds a program; else the first refusal. */
async function tryRules(
  tokens: readonly Token[],
  context: RuleContext,
  rules: readonly IntentRule[],
): Promise<Tried> {
  const { line, starts } = renderForms(tokens);
  let refused: { rule: IntentRule; reason: string } | null = null;
  for (const rule of rules) {
    if (!rule.needs.every((tool) => context.tools.has(tool))) continue;
    for (const pattern of rule.patterns) {
      if (!mayMatch(pattern, line)) continue;
      const match = pattern.regex.exec(line);
      if (!match) continue;
      const built = await rule.build(slotsOf(match, tokens, starts), context);
      if (typeof built !== "string") {
        const guesses = tokens
          .filter((token) => token.guess !== undefined)
          .map((token) => `'${token.raw}' read as '${token.guess}'`);
        return { answer: { ...built, rule: rule.id, guesses } };
      }
      refused ??= { rule, reason: built };
    }
  }
  return { answer: null, refused };
}

/**
 * The field a request names in parentheses at its end ("is it ESM or commonjs? (the type
 * field)", "where do the types point (types field)"), when the words before it ask for no
 * count: they only say in other words what the field holds. Null otherwise.
 */
function fieldInParentheses(text: string): string | null {
  const found = /^(.*?)\s*\((?:the\s+)?([\w@.-]+)\s+field\)\s*[?.!]*$/i.exec(text);
  if (!found || /\d|\b(?:how many|number|count|total|sum)\b/i.test(found[1]!)) return null;
  return found[2]!;
}

/**
 * The first rule that answers the intent with the tools at hand and the workspace as it is, or
 * a miss with the reason and, when one shares the request's meaning, the closest rule.
 */
export async function matchRules(
  intent: string,
  context: RuleContext,
  rules: readonly IntentRule[] = INTENT_RULES,
): Promise<RuleMatch | RuleMiss> {
  const text = intent.trim();
  if (text.length > MAX_RULE_INTENT_LENGTH)
    return {
      rule: null,
      reason: `longer than ${MAX_RULE_INTENT_LENGTH} characters`,
      closest: null,
      unread: [],
    };
  const grounded = await groundRequest(readRequest(text), context.workspace);
  // "ignore node_modules": what every listing does; the reading says it was asked.
  const tokens = grounded.filter(
    (token) => token.form !== "nonm" && token.form !== "notest" && token.form !== "notdir",
  );
  const leftOut = grounded.some((token) => token.form === "nonm");
  let tried = await tryRules(tokens, context, rules);
  // "excluding tests", "excluding dist": the answer's listings keep only the files not left out.
  for (const token of grounded) {
    if (!tried.answer || (token.form !== "notest" && token.form !== "notdir")) continue;
    const { answer } = tried;
    const tests = token.form === "notest";
    const program = tests
      ? leaveOutTests(answer.program, answer.params)
      : leaveOutFolder(answer.program, answer.params, token.path!);
    tried = program
      ? {
          answer: {
            ...answer,
            program,
            reading: `${answer.reading}; ${tests ? TESTS_LEFT_OUT : folderLeftOut(token.path!)}`,
          },
        }
      : {
          answer: null,
          refused: {
            rule: rules.find((rule) => rule.id === answer.rule)!,
            reason: `its program does not list files a way that can leave ${tests ? "the tests" : quoted(token.path!)} out`,
          },
        };
  }
  // "is it ESM or commonjs? (the type field)": the field the parentheses name is the answer.
  const field = tried.answer ? null : fieldInParentheses(text);
  if (field) {
    const again = await tryRules(
      await groundRequest(readRequest(`the ${field} field`), context.workspace),
      context,
      rules,
    );
    if (again.answer?.rule === "package-key" || again.answer?.rule === "package-field")
      tried = {
        answer: {
          ...again.answer,
          reading: `${again.answer.reading}, the field the parentheses name`,
        },
      };
  }
  // "are there any empty files": a rule that lists what exists answers whether any does.
  if (!tried.answer && tokens[0]?.form === "exist") {
    const again = await tryRules(tokens.slice(1), context, rules);
    if (again.answer || !tried.refused) tried = again;
  }
  if (tried.answer && leftOut) {
    if (!JSON.stringify(tried.answer.params).includes("node_modules"))
      return {
        ...tried.answer,
        reading: `${tried.answer.reading}; node_modules left out, as asked`,
      };
    tried = { answer: null, refused: null };
  } else if (tried.answer) return tried.answer;
  const unread = tokens.filter((token) => isUnread(token)).map((token) => token.raw);
  if (tried.refused) {
    const { rule, reason } = tried.refused;
    return {
      rule: null,
      reason: `rule ${rule.id} matched, but ${reason}`,
      closest: { rule: rule.id, summary: rule.summary, example: rule.examples[0]! },
      unread,
    };
  }
  const ambiguous = tokens.find((token) => token.form === "A");
  if (ambiguous) {
    const word = ambiguous.raw.toLowerCase();
    return {
      rule: null,
      reason:
        ambiguous.ambiguity ??
        `'${ambiguous.raw}' may mean the .${word} files alone or every file of its family (${ambiguous.extensions!.map((extension) => `.${extension}`).join(", ")}), and here those are not the same files: say ".${word} files" or the language's name`,
      closest: null,
      unread,
    };
  }
  const unknown = tokens.find(
    (token, index) => token.form === "P" || (isUnread(token) && tokens[index - 1]?.form === "in"),
  );
  return {
    rule: null,
    reason: unknown
      ? notThere(unknown.raw, context.workspace !== undefined)
      : unread.length > 0
        ? `no rule reads ${unread.map((word) => `'${word}'`).join(", ")}`
        : "no rule reads the request this way",
    closest: unknown ? null : await withoutUnread(text, tokens, context, rules),
    unread,
  };
}

/**
 * "Did you mean": the rule that answers the request once up to `MAX_LEFT_OUT` words no rule
 * reads are left out, with that shorter request as the phrasing (it is matched again, so it
 * works as written), the words left out and the rule's reading of it. Null when leaving them out
 * answers nothing: then no rule shares the request's meaning.
 */
async function withoutUnread(
  text: string,
  tokens: readonly Token[],
  context: RuleContext,
  rules: readonly IntentRule[],
): Promise<ClosestRule | null> {
  const unread = tokens.filter(isUnread);
  if (unread.length === 0 || unread.length > MAX_LEFT_OUT) return null;
  const shorter = unread
    .reduce(
      (rest, token) =>
        rest.replace(new RegExp(`(^|\\s)${escape(token.raw)}(?=$|[\\s,.?!;:])`), "$1"),
      text,
    )
    .replace(/\s+/g, " ")
    .trim();
  if (shorter === text || shorter === "") return null;
  const again = await tryRules(
    await groundRequest(readRequest(shorter), context.workspace),
    context,
    rules,
  );
  if (!again.answer) return null;
  const rule = rules.find((candidate) => candidate.id === again.answer!.rule)!;
  return {
    rule: rule.id,
    summary: rule.summary,
    example: shorter,
    leftOut: unread.map((token) => token.raw),
    reading: again.answer.reading,
  };
}

/** A word no concept reads: plain (`W`) or code-shaped (`C`). */
function isUnread(token: Token): boolean {
  return token.form === "W" || token.form === "C";
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Why a path the request names is not one the rules can ground: missing, or hidden and closed. */
function notThere(raw: string, withView: boolean): string {
  if (!withView) return `'${raw}' is not a folder or file the rules can see (no workspace view)`;
  // ".borp.yaml", "lib/.gitkeep", ".vscode": a hidden name; ".map" alone reads as an extension.
  const hidden = raw.split(/[\\/]/).some((segment) => /^\.[^./]/.test(segment));
  return hidden && !(/^\.[a-z0-9]+$/i.test(raw) && isKnownExtension(raw.slice(1)))
    ? `'${raw}' is not a folder or file the file tools can read: it is missing, or hidden (a hidden path stays closed unless a trusted config's [files] allow_read opens it)`
    : `'${raw}' is not a folder or file in the workspace`;
}
