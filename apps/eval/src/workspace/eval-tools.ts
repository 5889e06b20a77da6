/**
 * The eval kit's code-search tools over the workspace's source files (`.ts`, `.js`, `.py`):
 * `find_definitions(name)` and `find_callers(name)`, each returning `{ file, line, text }` rows
 * sorted by file and line. They read through the builtin file tools, so they stay in the root.
 */
import type { ToolSpec, Toolbox } from "@lackpy/kit";
import { ToolError } from "@lackpy/kit";
import { createFileTools } from "@lackpy/kit/node";

/** One line of a source file. */
export interface SourceLine {
  file: string;
  line: number;
  text: string;
}

const SOURCE_GLOB = "**/*.{ts,js,py}";
const NAME = /^[A-Za-z_$][\w$]*$/;

const ROW = "{ file, line, text }[] (file workspace-relative, line 1-based, text trimmed), sorted";

/** Specs of the two tools (provider `eval`). */
export const EVAL_TOOL_SPECS: readonly ToolSpec[] = Object.freeze([
  {
    name: "find_definitions",
    provider: "eval",
    description:
      "Where a function, class, method, interface, type or top-level const is defined in the .ts, .js and .py files. Returns " +
      ROW +
      ".",
    args: [{ name: "name", type: "string", description: 'The exact name, e.g. "applyDiscount"' }],
    returns: "{ file: string, line: number, text: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    examples: [
      {
        intent: "where is parse_args defined",
        code: `find_definitions("parse_args")`,
        tags: ["definition", "where", "defined"],
      },
    ],
  },
  {
    name: "find_callers",
    provider: "eval",
    description:
      "Lines of the .ts, .js and .py files that call a function or method (name followed by an opening parenthesis), definitions excluded. Returns " +
      ROW +
      ".",
    args: [{ name: "name", type: "string", description: 'The exact name, e.g. "applyDiscount"' }],
    returns: "{ file: string, line: number, text: string }[]",
    gradeW: 1,
    effectsCeiling: 0,
    examples: [
      {
        intent: "which files call load_config",
        code: `unique(find_callers("load_config").map(c => c.file))`,
        tags: ["callers", "calls", "uses"],
      },
    ],
  },
]);

function escape(name: string): string {
  return name.replace(/\$/g, "\\$");
}

/** Words followed by `(...) {` that are not methods. */
const CONTROL_WORDS = new Set(["if", "for", "while", "switch", "catch", "function", "return"]);

/** A class method definition line: indented, modifiers, the name, parameters, an optional return type, `{`. */
function methodDefinition(name: string): RegExp {
  return new RegExp(
    String.raw`^\s+(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*${name}\s*(?:<[^>]*>)?\([^)]*\)\s*(?::\s*[^={;]+)?\{\s*$`,
  );
}

/** True when the line defines `name` (TS/JS function, class, method, interface, type, const/let; Python def, class). */
export function definesName(text: string, name: string): boolean {
  const n = escape(name);
  if (!CONTROL_WORDS.has(name) && methodDefinition(n).test(text)) return true;
  return new RegExp(
    String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+${n}\b|(?:abstract\s+)?class\s+${n}\b|interface\s+${n}\b|type\s+${n}\b|(?:const|let)\s+${n}\s*[:=])` +
      String.raw`|^\s*(?:async\s+)?def\s+${n}\s*\(|^\s*class\s+${n}\s*[(:]`,
  ).test(text);
}

/** True when the line calls `name(` as a function or a method (`cart.name(`), and is not its definition. */
export function callsName(text: string, name: string): boolean {
  return (
    new RegExp(String.raw`(?<![\w$])${escape(name)}\s*\(`).test(text) && !definesName(text, name)
  );
}

function checkName(tool: string, name: unknown): string {
  if (typeof name !== "string" || !NAME.test(name))
    throw new ToolError(
      "invalid_argument",
      `${tool} needs a plain name such as "loadConfig", got ${JSON.stringify(name) ?? String(name)}.`,
      {
        retriable: true,
        hint: "pass the bare function or class name, without parentheses or a path",
      },
    );
  return name;
}

/** The two tools over the workspace `root`. */
export function createEvalTools(root: string): {
  find_definitions(name: unknown): Promise<SourceLine[]>;
  find_callers(name: unknown): Promise<SourceLine[]>;
} {
  const files = createFileTools(root);
  const scan = async (matches: (text: string) => boolean): Promise<SourceLine[]> => {
    const rows: SourceLine[] = [];
    for (const file of await files.find_files(SOURCE_GLOB)) {
      const lines = (await files.read_file(file)).split(/\r?\n/);
      lines.forEach((text, index) => {
        if (matches(text)) rows.push({ file, line: index + 1, text: text.trim() });
      });
    }
    return rows;
  };
  return {
    find_definitions: async (name) => {
      const checked = checkName("find_definitions", name);
      return scan((text) => definesName(text, checked));
    },
    find_callers: async (name) => {
      const checked = checkName("find_callers", name);
      return scan((text) => callsName(text, checked));
    },
  };
}

/** Registers the `eval` provider and both tools on a toolbox whose files live in `root`. */
export function registerEvalTools(toolbox: Toolbox, root: string): void {
  const tools = createEvalTools(root);
  toolbox.registerProvider({
    name: "eval",
    resolve(spec) {
      if (spec.name === "find_definitions") return tools.find_definitions;
      if (spec.name === "find_callers") return tools.find_callers;
      throw new ToolError("unknown_tool", `The eval provider has no tool '${spec.name}'.`, {
        hint: "eval tools: find_definitions, find_callers",
      });
    },
  });
  for (const spec of EVAL_TOOL_SPECS) toolbox.registerTool(spec);
}
