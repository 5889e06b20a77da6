import type { CheckState } from "./check-state.js";
import type { Node } from "../parse/parse-program.js";

/**
 * True when the text between `from` and the opening token at or after it crosses a line break:
 * `foo\n(bar)` or `foo\n[1, 2]` parse as a call or index of the previous line, which a program
 * written without semicolons almost never means. Skips white space, comments and closing parens.
 */
export function crossesLineBefore(source: string, from: number, opening: "(" | "[" | "`"): boolean {
  let index = from;
  let newline = false;
  while (index < source.length) {
    const char = source[index];
    if (char === "\n" || char === "\r" || char === "\u2028" || char === "\u2029") {
      newline = true;
      index++;
    } else if (
      char === " " ||
      char === "\t" ||
      char === ")" ||
      char === "\v" ||
      char === "\f" ||
      char === "\ufeff" ||
      char === "\u00a0"
    ) {
      index++;
    } else if (source.startsWith("//", index)) {
      const end = source.indexOf("\n", index);
      index = end === -1 ? source.length : end;
    } else if (source.startsWith("/*", index)) {
      const end = source.indexOf("*/", index + 2);
      if (source.slice(index, end).includes("\n")) newline = true;
      index = end === -1 ? source.length : end + 2;
    } else {
      return newline && char === opening;
    }
  }
  return false;
}

/** The node whose left part ends where an ASI hazard would start, or null. */
export function asiHazardStart(node: Node, source: string): number | null {
  if (
    node.type === "CallExpression" &&
    !node.optional &&
    crossesLineBefore(source, node.callee.end, "(")
  )
    return node.callee.end;
  if (
    node.type === "MemberExpression" &&
    node.computed &&
    !node.optional &&
    crossesLineBefore(source, node.object.end, "[")
  )
    return node.object.end;
  if (node.type === "TaggedTemplateExpression" && crossesLineBefore(source, node.tag.end, "`"))
    return node.tag.end;
  return null;
}

/** Reports an ASI hazard at a call, computed member or tagged template; true when there is one. */
export function reportAsiHazard(
  state: CheckState,
  node: Node,
  end: number,
  opening: string,
): boolean {
  // The common case: the bracket follows the callee or object directly, on the same line.
  if (state.source.charCodeAt(end) === opening.charCodeAt(0)) return false;
  const hazard = asiHazardStart(node, state.source);
  if (hazard === null) return false;
  state.report(
    "asi_hazard",
    hazard,
    "A line starting with '(', '[' or '`' continues the expression on the line before it.",
    "end the previous line with ';' or assign the value to a variable first",
  );
  return true;
}
