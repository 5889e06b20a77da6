import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools, createWorkspaceView } from "@lackpy/kit/node";
import { closeWorkerPool, run } from "@lackpy/run/node";
import { createRulesWorkspace } from "../__fixtures__/rules-workspace.js";
import { plainWorkspace, type PlainWorkspace } from "../__fixtures__/plain-workspace.js";
import { INTENT_RULES } from "./intent-rules.js";
import { matchRules, type RuleMatch } from "./match-rules.js";

const README = "# demo\n\nA demo package. TODO: write the docs.\n";
const TODOS = [
  { file: "README.md", line: 3, text: "A demo package. TODO: write the docs." },
  { file: "src/app.py", line: 4, text: "print(os.getcwd())  # TODO: log" },
  { file: "src/index.ts", line: 4, text: "// TODO: cache the host" },
];
const FIXMES = [
  { file: "src/utils.ts", line: 4, text: "// FIXME: also stop the stream" },
  { file: "tests/index.test.ts", line: 2, text: "// FIXME: a real test" },
];
const SOURCES = ["src/app.py", "src/index.ts", "src/tools/run.js", "src/utils.ts"];

/**
 * Each rule's answer on the rules' workspace, run by the real interpreter over the real file
 * tools in both run modes. Gold values are written out, or computed with plain Node (`fs`).
 */
const GOLD: [string, string, (workspace: PlainWorkspace) => unknown][] = [
  ["show the first 2 lines of README.md", "first-lines", () => "# demo\n"],
  ["head -n 1 package.json", "first-lines", () => "{"],
  ["show the last line of CHANGELOG.md", "last-lines", () => "- First release."],
  ["show lines 2 to 3 of README.md", "line-range", () => "\nA demo package. TODO: write the docs."],
  ["read README.md", "read-file", () => README],
  ["show me the readme", "read-file", () => README],
  ["how big is package.json", "file-size", (workspace) => workspace.bytes("package.json")],
  ["list the test files", "list-test-files", () => ["tests/index.test.ts"]],
  ["how many test files are there", "count-test-files", () => 1],
  ["find files named index.ts", "files-named", () => ["src/index.ts"]],
  ["where is run.js", "files-named", () => ["src/tools/run.js"]],
  ["list files matching docs/*.md", "files-named", () => ["docs/guide.md"]],
  ["how many files match *.md", "count-files-named", () => 4],
  ["ls dirs", "list-folders", () => ["docs", "src", "tests"]],
  ["how many subfolders does src have", "count-folders", () => 1],
  ["count all the directories, at any depth", "count-folders", () => 4],
  ["src - how many folders does it contain, subfolders included?", "count-folders", () => 1],
  [
    "number of files under each top-level folder",
    "count-per-subfolder",
    () => ({ docs: 1, src: 4, tests: 1 }),
  ],
  ["how many files in each src subfolder", "count-per-subfolder", () => ({ "src/tools": 1 })],
  ["which folders are in src", "list-folders", () => ["src/tools"]],
  [
    "count files per folder",
    "count-per-folder",
    () => ({ ".": 5, docs: 1, src: 3, "src/tools": 1, tests: 1 }),
  ],
  ["how many .ts files are in each folder", "count-per-folder", () => ({ src: 2, tests: 1 })],
  [
    "which file extensions are used here",
    "extensions-in-use",
    () => ["js", "json", "md", "py", "ts"],
  ],
  ["which files exist in src but not in docs", "files-not-in", () => SOURCES],
  ["are README.md and notes.md the same?", "same-text", () => false],
  ["how many files in src are not typescript", "files-not-of-kind", () => 2],
  [
    "list files without an extension",
    "files-without-extension",
    (workspace) =>
      workspace.files.filter((file) => {
        const name = file.split("/").at(-1)!;
        return name.lastIndexOf(".") <= 0;
      }),
  ],
  ["list the headings in README.md", "markdown-headings", () => ["demo"]],
  ["list the export subpaths", "export-subpaths", () => [".", "./locale", "./package.json"]],
  [
    'what does the "." export resolve to for require',
    "export-subpath-entry",
    () => "./dist/index.cjs",
  ],
  [
    "count files by extension",
    "count-per-extension",
    () => ({ ".md": 4, ".json": 2, ".py": 1, ".ts": 3, ".js": 1 }),
  ],
  [
    "list all typescript files",
    "list-files",
    () => ["src/index.ts", "src/utils.ts", "tests/index.test.ts"],
  ],
  [
    "what's in the src folder",
    "folder-contents",
    () => ["src/app.py", "src/index.ts", "src/tools", "src/utils.ts"],
  ],
  ["list the files in src", "list-files", () => SOURCES],
  ["how many files are there", "count-files", () => 11],
  ["how many python files are in src", "count-files", () => 1],
  ["which files have TODOs in them", "files-with-todos", () => TODOS.map((todo) => todo.file)],
  ["how many todos and fixmes are there", "count-todos", () => 5],
  ["count the TODOs in src", "count-todos", () => 2],
  [
    "find TODO and FIXME comments",
    "todos",
    () => [...TODOS.slice(0, 2), TODOS[2], ...FIXMES].sort(byPlace),
  ],
  ["where are the fixmes", "todos", () => FIXMES],
  ["show the TODOs in README.md", "todos", () => TODOS.slice(0, 1)],
  ["todos in src", "todos", () => TODOS.slice(1)],
  ["which files import ./utils", "files-importing", () => ["src/index.ts"]],
  ["is there a tools folder?", "folders-named", () => ["src/tools"]],
  ["which files require ../utils", "files-importing", () => ["src/tools/run.js"]],
  ["who imports whatwg-fetch", "files-importing", () => ["src/index.ts"]],
  ["who imports os", "files-importing", () => ["src/app.py"]],
  [
    "which files mention formatHost",
    "files-containing",
    () => ["src/index.ts", "src/tools/run.js", "src/utils.ts", "tests/index.test.ts"],
  ],
  ["how many files mention fetch", "count-files-containing", () => 3],
  [
    "search for fetch in src",
    "search",
    () => [
      { file: "src/index.ts", line: 2, text: "import 'whatwg-fetch'" },
      { file: "src/utils.ts", line: 9, text: "return fetch(url)" },
    ],
  ],
  [
    "grep /stop\\w*/",
    "search",
    () => [
      {
        file: "src/utils.ts",
        line: 3,
        text: "export function stop(controller: AbortController) {",
      },
      { file: "src/utils.ts", line: 4, text: "// FIXME: also stop the stream" },
    ],
  ],
  [
    "show the 2 biggest files",
    "largest-files",
    (workspace) =>
      workspace.files
        .map((file) => ({ file, bytes: workspace.bytes(file) }))
        .sort((a, b) => b.bytes - a.bytes || (a.file < b.file ? -1 : 1))
        .slice(0, 2),
  ],
  [
    "show the 2 smallest files",
    "smallest-files",
    (workspace) =>
      workspace.files
        .map((file) => ({ file, bytes: workspace.bytes(file) }))
        .sort((a, b) => a.bytes - b.bytes || (a.file < b.file ? -1 : 1))
        .slice(0, 2),
  ],
  [
    "are there any empty files",
    "empty-files",
    (workspace) => workspace.files.filter((file) => workspace.bytes(file) === 0),
  ],
  [
    "list all the directories",
    "list-all-folders",
    (workspace) =>
      [
        ...new Set(
          workspace.files.flatMap((file) =>
            file
              .split("/")
              .slice(0, -1)
              .map((_, index, parts) => parts.slice(0, index + 1).join("/")),
          ),
        ),
      ].sort(),
  ],
  [
    "what files are in the top level?",
    "list-files",
    (workspace) => workspace.files.filter((file) => !file.includes("/")),
  ],
  ["how many lines in src/utils.ts", "file-lines", () => 10],
  [
    "count lines per file in src",
    "lines-per-file",
    () => ({ "src/app.py": 4, "src/index.ts": 9, "src/tools/run.js": 2, "src/utils.ts": 10 }),
  ],
  [
    "file sizes in src",
    "sizes-per-file",
    (workspace) =>
      Object.fromEntries(
        workspace.files
          .filter((file) => file.startsWith("src/"))
          .map((file) => [file, workspace.bytes(file)]),
      ),
  ],
  ["how many lines of code are in src", "total-lines", () => 25],
  ["count the lines in docs", "total-lines", () => 3],
  ["what version is this package", "package-field", () => "1.2.3"],
  ["what's this package called", "package-field", () => "demo"],
  ["list the dependencies", "package-dependencies", () => ({ "whatwg-fetch": "^3.6.20" })],
  ["how many dev dependencies", "package-dependencies", () => 1],
  ["list the npm scripts", "package-scripts", () => ({ build: "tsc", test: "vitest" })],
  ["list the script names", "package-scripts", () => ["build", "test"]],
  ["what does the build script run", "script-command", () => "tsc"],
  ["what does npm test do", "script-command", () => "vitest"],
  [
    "is it commonjs or esm",
    "module-type",
    (workspace) => workspace.packageJson().type ?? "commonjs",
  ],
  ["package name and version?", "package-fields", () => ({ name: "demo", version: "1.2.3" })],
  ["which version of whatwg-fetch do we depend on", "dependency-version", () => "^3.6.20"],
  ["typescript version in devDependencies", "dependency-version", () => "^6.0.3"],
  ['what\'s "description" set to', "package-key", () => "A demo package"],
  ["what's the license", "package-field", () => null],
  // The star re-export is followed into src/utils.ts: its names, not "* from ./utils.js".
  [
    "what does src/index.ts export",
    "exports",
    () => ["Ollama", "default", "formatHost", "get", "stop"],
  ],
  // "named exports": the default export left out.
  ["named exports of src/index.ts", "exports", () => ["Ollama", "formatHost", "get", "stop"]],
  ["what's the port in config.json", "json-key", () => "8080"],
  ["how many more lines does README.md have than notes.md?", "line-difference", () => 2],
  [
    "which .ts files in src don't have a matching .py file?",
    "files-without-twin",
    () => ["src/index.ts", "src/utils.ts"],
  ],
  [
    "list the .py files that have no matching .ts in src",
    "files-without-twin",
    () => ["src/app.py"],
  ],
  [
    "what's the difference in line count between notes.md and README.md",
    "line-difference",
    () => -2,
  ],
  [
    'which .ts files don\'t have "TODO" in them',
    "files-not-containing",
    () => ["src/utils.ts", "tests/index.test.ts"],
  ],
  ['how many files in src do not contain "export"', "files-not-containing", () => 1],
  ["which classes extend EventTarget", "subclasses", () => ["Ollama"]],
  ["how many classes extend EventTarget in src", "subclasses", () => 1],
  ["what does the Ollama class extend", "superclass", () => "EventTarget"],
  ["list the exports of src/utils.ts", "exports", () => ["formatHost", "get", "stop"]],
  [
    "where is formatHost defined",
    "definitions",
    () => [
      {
        file: "src/utils.ts",
        line: 1,
        text: "export const formatHost = (host: string): string => host.trim()",
        kind: "function",
      },
    ],
  ],
  // Text, counted and matched as grep does (case-sensitive).
  [
    "how many times does formatHost appear in src",
    "count-occurrences",
    (workspace) =>
      workspace.files
        .filter((file) => file.startsWith("src/"))
        .reduce((total, file) => total + workspace.text(file).split("formatHost").length - 1, 0),
  ],
  [
    'how many lines of README.md contain "demo"',
    "count-lines-containing",
    (workspace) => workspace.lines("README.md").filter((line) => line.includes("demo")).length,
  ],
  [
    'how many lines in src/index.ts start with "export"',
    "lines-starting",
    (workspace) =>
      workspace.lines("src/index.ts").filter((line) => line.startsWith("export")).length,
  ],
  ["on which line is stop defined in src/utils.ts", "definition-line", () => 3],
  [
    "total size of the src folder in bytes",
    "total-size",
    (workspace) =>
      workspace.files
        .filter((file) => file.startsWith("src/"))
        .reduce((total, file) => total + workspace.bytes(file), 0),
  ],
  // Lines as an editor shows them; every file tied for first.
  ["what's the longest file in src", "most-lines", () => ["src/utils.ts"]],
  [
    "which file is the shortest",
    "fewest-lines",
    (workspace) => {
      const fewest = Math.min(...workspace.files.map((file) => workspace.lines(file).length));
      return workspace.files.filter((file) => workspace.lines(file).length === fewest);
    },
  ],
  [
    "which files are over 9 lines",
    "files-over-lines",
    (workspace) => workspace.files.filter((file) => workspace.lines(file).length > 9),
  ],
  // Names: lower case matches any case.
  ['files with "test" in the name', "files-name-contains", () => ["tests/index.test.ts"]],
  [
    'files whose name starts with "index"',
    "files-name-starts",
    () => ["src/index.ts", "tests/index.test.ts"],
  ],
  ["list all readmes", "files-named-known", () => ["README.md"]],
  // .env is the only hidden file, and lackpy keeps it closed.
  ["list the hidden files", "hidden-files", () => []],
];

const WRITES: [string, string, unknown, [string, string]][] = [
  [
    "replace demo with sample in README.md",
    "replace-text",
    2,
    ["README.md", "# sample\n\nA sample package. TODO: write the docs.\n"],
  ],
  [
    'append "- Second release." to CHANGELOG.md',
    "append-line",
    58,
    ["CHANGELOG.md", "# Changelog\n\n## 1.0.0\n\n- First release.\n- Second release.\n"],
  ],
  ['create todo.md with "# Todo"', "create-file", 7, ["todo.md", "# Todo\n"]],
];

function byPlace(a: { file: string; line: number }, b: { file: string; line: number }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
}

let root: string;
let remove: () => Promise<void>;
let workspace: PlainWorkspace;

beforeAll(async () => {
  ({ root, remove } = await createRulesWorkspace());
  workspace = plainWorkspace(root);
});
afterAll(async () => {
  await closeWorkerPool();
  await remove();
});

const READ = [
  "read_file",
  "find_files",
  "file_size",
  "list_folder",
  "read_lines",
  "search_files",
  "definitions_of",
  "exports_of",
];

async function answer(intent: string, tools: readonly string[], mode: "in-process" | "isolated") {
  const files = createFileTools(root);
  const built = await matchRules(intent, {
    tools: new Set(tools),
    workspace: createWorkspaceView(root),
  });
  if (built.rule === null) return { built, result: null };
  const result = await run(built.program, {
    tools: Object.fromEntries(tools.map((name) => [name, files[name as keyof typeof files]])),
    params: built.params,
    mode,
  });
  return { built: built as RuleMatch, result };
}

describe.each(["in-process", "isolated"] as const)("the rules' answers, run %s", (mode) => {
  it.each(GOLD)("answer %j (%s) exactly", async (intent, id, gold) => {
    const { built, result } = await answer(intent, READ, mode);
    expect(built.rule).toBe(id);
    expect(result?.error).toBeNull();
    expect(result?.output).toEqual(gold(workspace));
  });
});

describe("the rules' answers with only read_file and find_files", () => {
  const SAME = GOLD.filter(([, id]) =>
    INTENT_RULES.find((rule) => rule.id === id)!.needs.every(
      (tool) => tool === "read_file" || tool === "find_files",
    ),
  ).filter(
    ([, id]) =>
      !["largest-files", "smallest-files", "empty-files", "total-size", "sizes-per-file"].includes(
        id,
      ),
  );

  it.each(SAME)("answer %j (%s) as the full kit does", async (intent, id, gold) => {
    const { built, result } = await answer(intent, ["read_file", "find_files"], "in-process");
    expect(built.rule).toBe(id);
    expect(result?.error).toBeNull();
    expect(result?.output).toEqual(gold(workspace));
  });

  it("measures the largest files by characters read, and says so", async () => {
    const { result } = await answer(
      "show the 2 biggest files",
      ["read_file", "find_files"],
      "in-process",
    );
    expect(result?.output).toEqual([
      { file: "package.json", characters: workspace.text("package.json").length },
      { file: "src/utils.ts", characters: workspace.text("src/utils.ts").length },
    ]);
  });
});

describe("the write rules", () => {
  it.each(WRITES)(
    "answer %j (%s) and write what was asked",
    async (intent, id, output, [file, content]) => {
      const tools = [...READ, "write_file", "edit_file"];
      const { built, result } = await answer(intent, tools, "in-process");
      expect(built.rule).toBe(id);
      expect(result?.error).toBeNull();
      expect(result?.output).toBe(output);
      expect(plainWorkspace(root).text(file)).toBe(content);
    },
  );
});

describe("the quick start", () => {
  it("answers 'list all typescript files' on examples/workspace from a rule", async () => {
    const example = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
    const built = await matchRules("list all typescript files", {
      tools: new Set(READ),
      workspace: createWorkspaceView(example),
    });
    expect(built).toMatchObject({
      rule: "list-files",
      params: { pattern: "**/*.{ts,tsx,mts,cts}" },
    });
    const files = createFileTools(example);
    const result = await run((built as RuleMatch).program, {
      tools: { find_files: files.find_files },
      params: (built as RuleMatch).params,
      mode: "in-process",
    });
    expect(result.output).toEqual(["src/inventory.ts", "src/report.ts"]);
  });
});

describe("the gold table", () => {
  it("covers every rule the shipped kits can use", () => {
    const covered = new Set([...GOLD, ...WRITES].map(([, id]) => id));
    const usable = INTENT_RULES.filter((rule) =>
      rule.needs.every((tool) => [...READ, "write_file", "edit_file"].includes(tool)),
    );
    expect(usable.map((rule) => rule.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});
