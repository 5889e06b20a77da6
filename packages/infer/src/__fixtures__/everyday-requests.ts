import path from "node:path";
/**
 * Everyday requests in a stranger's wording, five phrasings per need, with gold answers computed
 * in plain Node on a copy of a real package (the `ollama` client's published files: `src/`,
 * `dist/`, a README, a LICENSE and a `package.json`). The rules must never answer one of them
 * wrongly, and must answer most of them right.
 */
import type { Hit, PlainWorkspace } from "./plain-workspace.js";

/** A need, its phrasings, and the one right answer to all of them on the workspace. */
export interface EverydayNeed {
  need: string;
  phrasings: readonly string[];
  gold(workspace: PlainWorkspace): unknown;
}

const TYPESCRIPT = ["ts", "tsx", "mts", "cts"];
const JAVASCRIPT = ["js", "mjs", "cjs", "jsx"];
const CODE = [...TYPESCRIPT, ...JAVASCRIPT];
const SOURCES = [...CODE, "py"];

const headOf = (lines: string[], count: number) => lines.slice(0, count).join("\n");
const tailOf = (lines: string[], count: number) => lines.slice(-count).join("\n");
const fileNamed = (workspace: PlainWorkspace, name: string) =>
  workspace.files.filter((file) => file.split("/").at(-1) === name);
const countBy = (files: string[], key: (file: string) => string) => {
  const counts: Record<string, number> = {};
  for (const file of files) counts[key(file)] = (counts[key(file)] ?? 0) + 1;
  return counts;
};
const folderOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".");
const extensionOf = (file: string) => {
  const name = file.split("/").at(-1)!;
  return name.lastIndexOf(".") > 0 ? name.slice(name.lastIndexOf(".")) : "";
};
const largest = (workspace: PlainWorkspace, files: string[], count: number) =>
  files
    .map((file) => ({ file, bytes: workspace.bytes(file) }))
    .sort((a, b) => b.bytes - a.bytes || (a.file < b.file ? -1 : 1))
    .slice(0, count);
const filesOf = (hits: Hit[]) => [...new Set(hits.map((hit) => hit.file))];

/** Lines that import a module (with `requires`, that call require() with it), as a plain regex of my own (not the rule's). */
function importers(workspace: PlainWorkspace, module: string, requires = false): string[] {
  const quoted = module.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const relative = module.startsWith(".");
  const line = new RegExp(
    `(?:${requires ? "" : "from|import|"}require\\()\\s*['"\`]${relative ? "" : "(?:[^'\"\`]*/)?"}${quoted}(?:\\.[cm]?[jt]sx?)?(?:/[^'"\`]*)?['"\`]`,
  );
  return workspace
    .withExtensions([...SOURCES, "rb", "go", "rs", "java", "kt", "c", "h", "cpp", "hpp", "cc", "cs", "php", "swift", "sh", "vue", "svelte"])
    .filter((file) => workspace.lines(file).some((text) => line.test(text)));
}

/** Definitions as my own simple test: a declaration of the name at the start of a line. */
function definitions(workspace: PlainWorkspace, name: string): Hit[] {
  const declaration = new RegExp(
    `^\\s*(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?\\s*|class\\s+|interface\\s+|type\\s+|enum\\s+|const\\s+|let\\s+|var\\s+)${name}(?![\\w$])`,
  );
  const method = new RegExp(`^\\s+(?:(?:static|async|private|public|protected)\\s+)*${name}\\s*\\(.*\\)\\s*(?::[^={;]+)?\\{\\s*$`);
  const hits: Hit[] = [];
  for (const file of workspace.withExtensions(SOURCES))
    workspace.lines(file).forEach((text, index) => {
      if (text.length > 1000) return;
      const isConstant = /^\s*(?:export\s+)?(?:const|let|var)\s/.test(text);
      // A named class expression (`let Ollama$1 = class Ollama {`, as bundlers write) defines its name too.
      const named = new RegExp(`=\\s*class\\s+${name}(?![\\w$])`).test(text);
      const defines =
        named ||
        (declaration.test(text) && (!isConstant || new RegExp(`${name}\\s*[:=]`).test(text)));
      if (defines || method.test(text)) hits.push({ file, line: index + 1, text: text.trim() });
    });
  // A .d.ts declares what code elsewhere defines: it counts only when nothing else does.
  const code = hits.filter((hit) => !/\.d\.[cm]?ts$/.test(hit.file));
  const kept = code.length > 0 ? code : hits;
  // A .cjs copy of a module the package also ships as .js or .mjs: the copy is not the source.
  const stems = new Set(
    kept.filter((hit) => !hit.file.endsWith(".cjs")).map((hit) => hit.file.replace(/\.[cm]?[jt]s$/, "")),
  );
  const uncopied = kept.filter((hit) => !hit.file.endsWith(".cjs") || !stems.has(hit.file.slice(0, -4)));
  // The JavaScript built from a TypeScript source that defines it (src/browser.ts → dist/browser.mjs)
  // is a copy too, as strangers' corpora count definitions: the source's lines only.
  if (!uncopied.some((hit) => /\.[cm]?tsx?$/.test(hit.file))) return uncopied;
  const built = workspace
    .withExtensions(["ts", "tsx", "mts", "cts"])
    .filter((file) => !/\.d\.[cm]?ts$/.test(file) && file.includes("/"))
    .map((file) => file.replace(/\.[cm]?tsx?$/, "").replace(/^[^/]*/, ""));
  return uncopied.filter(
    (hit) =>
      !/\.[cm]?js$/.test(hit.file) ||
      !built.some((stem) => `/${hit.file.replace(/\.[cm]?js$/, "")}`.endsWith(stem)),
  );
}

/**
 * What a module exports, by my own reading of `export` lines: a star re-export of a relative
 * module adds that module's names (its `.ts` source for a `.js` specifier), without `default`.
 */
function exportsOf(workspace: PlainWorkspace, file: string, star = false): string[] {
  const names = new Set<string>();
  const text = workspace.text(file);
  for (const line of workspace.lines(file)) {
    if (/^export default\b/.test(line) && !star) names.add("default");
    const declared = /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|class|const enum|enum|const|let|var|interface|type|namespace) ([\w$]+)/.exec(line);
    if (declared && !/^export default\b/.test(line)) names.add(declared[1]!);
    const from = /^export \* from ['"](\.{1,2}\/.+)['"]/.exec(line);
    if (from) {
      const target = path.posix.join(path.posix.dirname(file), from[1]!.replace(/\.js$/, ".ts"));
      for (const name of exportsOf(workspace, target, true)) names.add(name);
    }
  }
  for (const list of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm))
    for (const part of list[1]!.split(",")) {
      const name = part.trim().split(/\s+as\s+/).at(-1)!;
      if (name) names.add(name);
    }
  return [...names].sort();
}

/** The set: 24 needs × 5 phrasings. */
export const EVERYDAY_NEEDS: readonly EverydayNeed[] = [
  {
    need: "list TypeScript files",
    phrasings: [
      "list all typescript files",
      "which TypeScript files are there?",
      "what typescript sources does this package have",
      "find the typescript files",
      "give me a list of the TS files",
    ],
    gold: (workspace) => workspace.withExtensions(TYPESCRIPT),
  },
  {
    need: "list the files of a folder",
    phrasings: [
      "list the files in dist",
      "what's in the src folder?",
      "ls src",
      "show me what's inside dist",
      "which files are under src",
    ],
    gold: () => null, // per phrasing below
  },
  {
    need: "find a file by name",
    phrasings: [
      "where is utils.ts",
      "find the file called browser.ts",
      "locate index.ts",
      "is there a file named version.ts",
      "find files matching *.d.ts",
    ],
    gold: () => null,
  },
  {
    need: "count files",
    phrasings: [
      "how many files are there",
      "count the typescript files",
      "how many .mjs files does dist have",
      "number of files in src",
      "how many javascript files are in this package",
    ],
    gold: () => null,
  },
  {
    need: "files that contain some text",
    phrasings: [
      "which files mention AbortController",
      "files that contain 'whatwg-fetch'",
      "list every file referencing formatHost",
      'show the files containing "127.0.0.1"',
      "what files include the string `encodeImage`",
    ],
    gold: () => null,
  },
  {
    need: "lines with some text, with line numbers",
    phrasings: [
      "grep for formatHost",
      "search for 'defaultHost'",
      "find all occurrences of AbortableAsyncIterator in src",
      'show the lines containing "fetch(" with line numbers',
      "where is 'encodeImage' mentioned",
    ],
    gold: () => null,
  },
  {
    need: "TODO comments",
    phrasings: [
      "which files have TODOs in them",
      "list the todos",
      "find TODO comments",
      "any TODOs in src?",
      "show TODO and FIXME notes with line numbers",
    ],
    gold: () => null,
  },
  {
    need: "lines of one file",
    phrasings: [
      "how many lines in src/utils.ts",
      "count the lines of README.md",
      "line count of src/browser.ts",
      "how many lines does package.json have",
      "wc -l src/index.ts",
    ],
    gold: () => null,
  },
  {
    need: "lines of code in a folder",
    phrasings: [
      "how many lines of code are there in src",
      "how many lines of code are in src",
      "count lines of code in src",
      "lines of code in the src folder",
      "how many lines of typescript are in src",
    ],
    gold: (workspace) =>
      workspace
        .files.filter((file) => file.startsWith("src/"))
        .filter((file) => /\.(?:ts|tsx|mts|cts)$/.test(file))
        .reduce((total, file) => total + workspace.lines(file).length, 0),
  },
  {
    need: "lines in total",
    phrasings: [
      "how many lines are there in total",
      "count all the lines in this package",
      "total number of lines in the repo",
      "how many lines of markdown are there",
      "count the lines in the json files",
    ],
    gold: () => null,
  },
  {
    need: "largest files",
    phrasings: [
      "show the 5 biggest files",
      "what are the largest files",
      "which file is the biggest",
      "top 3 largest files in dist",
      "list the files by size",
    ],
    gold: () => null,
  },
  {
    need: "show a file",
    phrasings: [
      "show package.json",
      "cat README.md",
      "print the contents of src/version.ts",
      "display the readme",
      "open LICENSE",
    ],
    gold: () => null,
  },
  {
    need: "first lines of a file",
    phrasings: [
      "show the first 20 lines of README.md",
      "head README.md",
      "first 5 lines of src/index.ts",
      "what's the first line of package.json",
      "print the top 10 lines of src/browser.ts",
    ],
    gold: () => null,
  },
  {
    need: "last lines of a file",
    phrasings: [
      "show the last 5 lines of src/index.ts",
      "tail LICENSE",
      "last line of README.md",
      "last 3 lines of package.json",
      "print the final 10 lines of src/utils.ts",
    ],
    gold: () => null,
  },
  {
    need: "files importing a module",
    phrasings: [
      "which files import ./utils",
      "who imports whatwg-fetch",
      "what files require ./browser",
      "list the modules that import from ./interfaces",
      "files importing node:fs",
    ],
    gold: () => null,
  },
  {
    need: "files per folder",
    phrasings: [
      "count files per folder",
      "how many files are in each folder",
      "how many .mjs files are in each folder",
      "files per directory",
      "number of files in each directory",
    ],
    gold: () => null,
  },
  {
    need: "files per extension",
    phrasings: [
      "count files by extension",
      "how many files of each type",
      "file count per extension",
      "file types and how many of each",
      "how many files are there per file type",
    ],
    gold: (workspace) => countBy(workspace.files, extensionOf),
  },
  {
    need: "list folders",
    phrasings: [
      "ls dirs",
      "list the folders",
      "what directories are there",
      "which folders are in src",
      "show me the subfolders",
    ],
    gold: () => null,
  },
  {
    need: "package version",
    phrasings: [
      "what version is this package",
      "package version?",
      "which version is in package.json",
      "what's the current version",
      "tell me the project's version",
    ],
    gold: (workspace) => workspace.packageJson().version,
  },
  {
    need: "package name",
    phrasings: [
      "what is the package name",
      "what's this package called",
      "name of the package",
      "package name",
      "what is the name in package.json",
    ],
    gold: (workspace) => workspace.packageJson().name,
  },
  {
    need: "dependencies",
    phrasings: [
      "list the dependencies",
      "what does this package depend on",
      "show deps",
      "what are the dev dependencies",
      "how many dependencies are there",
    ],
    gold: () => null,
  },
  {
    need: "npm scripts",
    phrasings: [
      "what scripts are in package.json",
      "list the npm scripts",
      "show the scripts",
      "which scripts does the package define",
      "package.json scripts",
    ],
    gold: (workspace) => workspace.packageJson().scripts,
  },
  {
    need: "exported names",
    phrasings: [
      "what does src/utils.ts export",
      "list the exports of src/constant.ts",
      "exported names in src/version.ts",
      "what is exported from src/index.ts",
      "show src/browser.ts exports",
    ],
    gold: () => null,
  },
  {
    need: "where a name is defined",
    phrasings: [
      "where is formatHost defined",
      "find the definition of Ollama",
      "where's parseJSON declared",
      "in which file is AbortableAsyncIterator defined",
      "show me where defaultHost is defined",
    ],
    gold: () => null,
  },
];

/** Gold answers that differ between the phrasings of a need, by phrasing. */
export const GOLD_BY_PHRASING: Readonly<Record<string, (workspace: PlainWorkspace) => unknown>> = {
  "list the files in dist": (workspace) => workspace.files.filter((file) => file.startsWith("dist/")),
  "what's in the src folder?": (workspace) => workspace.files.filter((file) => file.startsWith("src/")),
  "ls src": (workspace) => workspace.files.filter((file) => file.startsWith("src/")),
  "show me what's inside dist": (workspace) => workspace.files.filter((file) => file.startsWith("dist/")),
  "which files are under src": (workspace) => workspace.files.filter((file) => file.startsWith("src/")),
  "give me a list of the TS files": (workspace) => workspace.withExtensions(TYPESCRIPT),

  "where is utils.ts": (workspace) => fileNamed(workspace, "utils.ts"),
  "find the file called browser.ts": (workspace) => fileNamed(workspace, "browser.ts"),
  "locate index.ts": (workspace) => fileNamed(workspace, "index.ts"),
  "is there a file named version.ts": (workspace) => fileNamed(workspace, "version.ts"),
  "find files matching *.d.ts": (workspace) => workspace.files.filter((file) => file.endsWith(".d.ts")),

  "how many files are there": (workspace) => workspace.files.length,
  "count the typescript files": (workspace) => workspace.withExtensions(TYPESCRIPT).length,
  "how many .mjs files does dist have": (workspace) => workspace.withExtensions(["mjs"], "dist").length,
  "number of files in src": (workspace) => workspace.files.filter((file) => file.startsWith("src/")).length,
  "how many javascript files are in this package": (workspace) => workspace.withExtensions(JAVASCRIPT).length,

  "which files mention AbortController": (workspace) => filesOf(workspace.grep("AbortController")),
  "files that contain 'whatwg-fetch'": (workspace) => filesOf(workspace.grep("whatwg-fetch")),
  "list every file referencing formatHost": (workspace) => filesOf(workspace.grep("formatHost")),
  'show the files containing "127.0.0.1"': (workspace) => filesOf(workspace.grep("127.0.0.1")),
  "what files include the string `encodeImage`": (workspace) => filesOf(workspace.grep("encodeImage")),

  "grep for formatHost": (workspace) => workspace.grep("formatHost"),
  "search for 'defaultHost'": (workspace) => workspace.grep("defaultHost"),
  "find all occurrences of AbortableAsyncIterator in src": (workspace) =>
    workspace.grep("AbortableAsyncIterator", workspace.files.filter((file) => file.startsWith("src/"))),
  'show the lines containing "fetch(" with line numbers': (workspace) => workspace.grep("fetch("),
  "where is 'encodeImage' mentioned": (workspace) => workspace.grep("encodeImage"),

  "which files have TODOs in them": (workspace) => filesOf(workspace.grep("TODO")),
  "list the todos": (workspace) => workspace.grep("TODO"),
  "find TODO comments": (workspace) => workspace.grep("TODO"),
  "any TODOs in src?": (workspace) =>
    workspace.grep("TODO", workspace.files.filter((file) => file.startsWith("src/"))),
  "show TODO and FIXME notes with line numbers": (workspace) =>
    [...workspace.grep("TODO"), ...workspace.grep("FIXME").filter((hit) => !hit.text.includes("TODO"))].sort(
      (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line),
    ),

  "how many lines in src/utils.ts": (workspace) => workspace.lines("src/utils.ts").length,
  "count the lines of README.md": (workspace) => workspace.lines("README.md").length,
  "line count of src/browser.ts": (workspace) => workspace.lines("src/browser.ts").length,
  "how many lines does package.json have": (workspace) => workspace.lines("package.json").length,
  "wc -l src/index.ts": (workspace) => workspace.lines("src/index.ts").length,

  "how many lines of code are there in src": (workspace) => linesOf(workspace, workspace.withExtensions(CODE, "src")),
  "how many lines of code are in src": (workspace) => linesOf(workspace, workspace.withExtensions(CODE, "src")),
  "count lines of code in src": (workspace) => linesOf(workspace, workspace.withExtensions(CODE, "src")),
  "lines of code in the src folder": (workspace) => linesOf(workspace, workspace.withExtensions(CODE, "src")),
  "how many lines of typescript are in src": (workspace) =>
    linesOf(workspace, workspace.withExtensions(TYPESCRIPT, "src")),

  "how many lines are there in total": (workspace) => linesOf(workspace, textFiles(workspace)),
  "count all the lines in this package": (workspace) => linesOf(workspace, textFiles(workspace)),
  "total number of lines in the repo": (workspace) => linesOf(workspace, textFiles(workspace)),
  "how many lines of markdown are there": (workspace) => linesOf(workspace, workspace.withExtensions(["md"])),
  "count the lines in the json files": (workspace) => linesOf(workspace, workspace.withExtensions(["json"])),

  "show the 5 biggest files": (workspace) => largest(workspace, workspace.files, 5),
  "what are the largest files": (workspace) => largest(workspace, workspace.files, 10),
  // Every file of the largest size, when several tie.
  "which file is the biggest": (workspace) => {
    const [top] = largest(workspace, workspace.files, 1);
    return workspace.files.filter((file) => workspace.bytes(file) === top!.bytes).sort();
  },
  "top 3 largest files in dist": (workspace) =>
    largest(workspace, workspace.files.filter((file) => file.startsWith("dist/")), 3),
  "list the files by size": (workspace) => largest(workspace, workspace.files, 10),

  "show package.json": (workspace) => workspace.text("package.json"),
  "cat README.md": (workspace) => workspace.text("README.md"),
  "print the contents of src/version.ts": (workspace) => workspace.text("src/version.ts"),
  "display the readme": (workspace) => workspace.text("README.md"),
  "open LICENSE": (workspace) => workspace.text("LICENSE"),

  "show the first 20 lines of README.md": (workspace) => headOf(workspace.lines("README.md"), 20),
  "head README.md": (workspace) => headOf(workspace.lines("README.md"), 10),
  "first 5 lines of src/index.ts": (workspace) => headOf(workspace.lines("src/index.ts"), 5),
  "what's the first line of package.json": (workspace) => headOf(workspace.lines("package.json"), 1),
  "print the top 10 lines of src/browser.ts": (workspace) => headOf(workspace.lines("src/browser.ts"), 10),

  "show the last 5 lines of src/index.ts": (workspace) => tailOf(workspace.lines("src/index.ts"), 5),
  "tail LICENSE": (workspace) => tailOf(workspace.lines("LICENSE"), 10),
  "last line of README.md": (workspace) => tailOf(workspace.lines("README.md"), 1),
  "last 3 lines of package.json": (workspace) => tailOf(workspace.lines("package.json"), 3),
  "print the final 10 lines of src/utils.ts": (workspace) => tailOf(workspace.lines("src/utils.ts"), 10),

  "which files import ./utils": (workspace) => importers(workspace, "./utils"),
  "who imports whatwg-fetch": (workspace) => importers(workspace, "whatwg-fetch"),
  // "require" names CommonJS require() calls; "import" names every way in.
  "what files require ./browser": (workspace) => importers(workspace, "./browser", true),
  "list the modules that import from ./interfaces": (workspace) => importers(workspace, "./interfaces"),
  "files importing node:fs": (workspace) => importers(workspace, "node:fs"),

  "count files per folder": (workspace) => countBy(workspace.files, folderOf),
  "how many files are in each folder": (workspace) => countBy(workspace.files, folderOf),
  "how many .mjs files are in each folder": (workspace) => countBy(workspace.withExtensions(["mjs"]), folderOf),
  "files per directory": (workspace) => countBy(workspace.files, folderOf),
  "number of files in each directory": (workspace) => countBy(workspace.files, folderOf),

  "ls dirs": (workspace) => workspace.folders(""),
  "list the folders": (workspace) => workspace.folders(""),
  "what directories are there": (workspace) => workspace.folders(""),
  "which folders are in src": (workspace) => workspace.folders("src"),
  "show me the subfolders": (workspace) => workspace.folders(""),

  "list the dependencies": (workspace) => workspace.packageJson().dependencies,
  "what does this package depend on": (workspace) => workspace.packageJson().dependencies,
  "show deps": (workspace) => workspace.packageJson().dependencies,
  "what are the dev dependencies": (workspace) => workspace.packageJson().devDependencies,
  "how many dependencies are there": (workspace) =>
    Object.keys(workspace.packageJson().dependencies as object).length,

  "what does src/utils.ts export": (workspace) => exportsOf(workspace, "src/utils.ts"),
  "list the exports of src/constant.ts": (workspace) => exportsOf(workspace, "src/constant.ts"),
  "exported names in src/version.ts": (workspace) => exportsOf(workspace, "src/version.ts"),
  "what is exported from src/index.ts": (workspace) => exportsOf(workspace, "src/index.ts"),
  "show src/browser.ts exports": (workspace) => exportsOf(workspace, "src/browser.ts"),

  "where is formatHost defined": (workspace) => definitions(workspace, "formatHost"),
  "find the definition of Ollama": (workspace) => definitions(workspace, "Ollama"),
  "where's parseJSON declared": (workspace) => definitions(workspace, "parseJSON"),
  "in which file is AbortableAsyncIterator defined": (workspace) =>
    definitions(workspace, "AbortableAsyncIterator"),
  "show me where defaultHost is defined": (workspace) => definitions(workspace, "defaultHost"),
};

/** Text files as the rules read them for line counts: code, docs and config extensions. */
function textFiles(workspace: PlainWorkspace): string[] {
  return workspace.withExtensions([
    ...SOURCES,
    ..."rb go rs java kt c h cpp hpp cc cs php swift sh vue svelte md mdx txt rst json yml yaml toml ini cfg html htm css scss sql xml csv".split(" "),
  ]);
}

function linesOf(workspace: PlainWorkspace, files: readonly string[]): number {
  return files.reduce((total, file) => total + workspace.lines(file).length, 0);
}

/** The gold answer of one phrasing. */
export function goldOf(need: EverydayNeed, phrasing: string, workspace: PlainWorkspace): unknown {
  const own = GOLD_BY_PHRASING[phrasing];
  return own ? own(workspace) : need.gold(workspace);
}
