/**
 * Takes the program out of a model's raw answer without ever dropping code. The only changes are
 * ones that keep the program's meaning: a leading `<think>` block goes, surrounding whitespace
 * goes, and when the answer is not a program by itself but holds exactly one markdown code block,
 * the fences and the prose around that block go. Anything else (text that does not parse, two
 * code blocks, code outside the block) is passed on as it is, or reported as a problem, so the
 * correction chain sees the real error.
 */
import { forEachNode, parseProgram, type Node } from "@lackpy/lang";
import { fencedBlocks } from "./fenced-blocks.js";
import { ambiguousAnswer, type ProgramIssue } from "../program-issue.js";

/** Fence tags of blocks that show output, data or shell commands rather than the program. */
const NOT_PROGRAM_TAGS: ReadonlySet<string> = new Set([
  "bash",
  "sh",
  "shell",
  "zsh",
  "console",
  "terminal",
  "text",
  "txt",
  "plaintext",
  "output",
  "log",
  "json",
  "yaml",
  "yml",
  "diff",
]);

/** What `extractProgram` made of an answer. */
export interface ExtractedProgram {
  /** The candidate program: the whole answer, or the single code block in it. */
  program: string;
  /** What was removed, in words (empty when the answer was taken as it is). */
  changes: string[];
  /** Set when the answer holds no single program; `program` is then the whole answer. */
  problem: ProgramIssue | null;
}

/**
 * True when the text parses as a script with no tagged template. A line that starts with "```"
 * outside any string or comment always makes a tagged template (or a parse error), so such a
 * text has no fence in it: its "```" are inside strings or comments.
 */
function readsAsProgram(text: string): boolean {
  const parsed = parseProgram(text);
  if (!parsed.ok) return false;
  let tagged = false;
  forEachNode(parsed.ast, (node) => {
    if (node.type === "TaggedTemplateExpression") tagged = true;
  });
  return !tagged;
}

/** True when text outside a code block is code rather than prose: it parses to more than bare words. */
function looksLikeCode(text: string): boolean {
  const parsed = parseProgram(text.trim());
  if (!parsed.ok) return false;
  return parsed.ast.body.some(
    (statement: Node) =>
      statement.type !== "EmptyStatement" &&
      !(
        statement.type === "ExpressionStatement" &&
        (statement.expression.type === "Identifier" || statement.expression.type === "Literal")
      ),
  );
}

/** Finds the program in a model's raw answer, saying what it removed, or why there is no single program. */
export function extractProgram(raw: string): ExtractedProgram {
  const changes: string[] = [];
  let text = raw.replace(/\r\n?/g, "\n");
  const think = /^\s*<think>[\s\S]*?<\/think>/i.exec(text);
  if (think) {
    text = text.slice(think[0].length);
    changes.push("dropped the <think> block");
  }
  text = text.trim();
  if (readsAsProgram(text)) return { program: text, changes, problem: null };
  const { blocks, outside } = fencedBlocks(text);
  if (blocks.length === 0) return { program: text, changes, problem: null };
  const withCode = blocks.filter((block) => block.content.trim() !== "");
  const programs = withCode.filter((block) => !NOT_PROGRAM_TAGS.has(block.tag));
  const candidates = programs.length > 0 ? programs : withCode;
  if (candidates.length > 1)
    return {
      program: text,
      changes,
      problem: ambiguousAnswer(
        `The answer has ${candidates.length} code blocks, so it is not clear which one is the program.`,
      ),
    };
  if (outside.some(looksLikeCode))
    return {
      program: text,
      changes,
      problem: ambiguousAnswer(
        "The answer has code outside its code block, so it is not clear what the program is.",
      ),
    };
  const block = candidates[0] ?? blocks[0];
  changes.push(
    block.closed
      ? "took the program out of its markdown fence"
      : "took the program out of an unclosed markdown fence",
  );
  if (outside.some((gap) => gap.trim() !== "") || blocks.length > 1)
    changes.push("dropped the prose around the code block");
  return { program: block.content.trim(), changes, problem: null };
}

/** The program text of a model's raw answer (see `extractProgram`); the whole answer when it holds no single program. */
export function sanitize(raw: string): string {
  return extractProgram(raw).program;
}
