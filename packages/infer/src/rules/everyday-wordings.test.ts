import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * Everyday wordings a stranger's corpus (P, on pg and lru-cache) used that no rule read: run by
 * the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify({
    name: "pgish",
    main: "./lib",
    dependencies: { "pg-types": "^2.0.0", pgpass: "^1.0.0" },
    prettier: { printWidth: 70, semi: false },
  }),
  "README.md": [
    "# pgish",
    "",
    "## Install",
    "",
    "```sh",
    "# not a heading",
    "```",
    "",
    "## Usage ##",
    "### Details",
    "",
  ].join("\n"),
  "lib/client.js": [
    "const types = require('pg-types')",
    "// the client is console.logged here",
    "class Client {",
    "  connect() {}",
    "  query(text) { console.log(text) }",
    "}",
    "module.exports = Client",
    "",
  ].join("\n"),
  "lib/params.js": "const pgpass = require('pgpass')\n\nclass ConnectionParameters {}\n",
  "lib/tiny.js": "module.exports = 1\n",
  "lib/client.d.ts": "export declare class Client {}\n",
  "dist/index.js": "export class Cache {\n  fetch(k) {}\n}\n//# sourceMappingURL=index.js.map\n",
  "dist/index.min.js": "export class Cache{fetch(k){}}\n//# sourceMappingURL=index.min.js.map\n",
};

const { ask } = workspaceFor("everyday", FILES);

describe("everyday wordings", () => {
  it.each<[string, string, unknown]>([
    ["hw many .js files are under lib?", "count-files", 3],
    ["which js file in lib has the fewest lines?", "fewest-lines", ["lib/tiny.js"]],
    ["what line is class ConnectionParameters declared on?", "definition-line", 3],
    [
      "list the methods of the Client class in lib/client.js",
      "class-methods",
      ["connect", "query"],
    ],
    ["what printWidth does the prettier config use?", "package-key", 70],
    [
      "which third-party npm packages does the code in lib require?",
      "imports-of-kind",
      ["pg-types", "pgpass"],
    ],
    ["break down the files by extension, with counts", "count-per-extension", null],
    [
      "what are the section headings in README.md?",
      "markdown-headings",
      ["pgish", "Install", "Usage", "Details"],
    ],
    ["list the README's ## headings", "markdown-headings", ["Install", "Usage"]],
    ["how many headings does README.md have", "markdown-headings", 4],
    [
      "list the .js files in lib without a .d.ts",
      "files-without-twin",
      ["lib/params.js", "lib/tiny.js"],
    ],
    // "not" a kind leaves it out: never a missing twin.
    ["are there any .ts files that aren't .d.ts files?", "files-not-of-kind", []],
    // "have no .d.ts" says what a file lacks: never dropped as "(not .d.ts)" would be.
    [
      "which .js files in lib have no .d.ts",
      "files-without-twin",
      ["lib/params.js", "lib/tiny.js"],
    ],
  ])("%j → %s", async (request, rule, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule, JSON.stringify(built)).toBe(rule);
    if (gold !== null) expect(output).toEqual(gold);
  });

  it("reads a top-level file's name one edit away as that file, and says so", async () => {
    const { built, output } = await ask("whats the main entry point in pakage.json");
    expect(output).toBe("./lib");
    expect(built.rule === null ? [] : built.guesses).toEqual([
      "'pakage.json' read as 'package.json'",
    ]);
    // Two letters away, or a path: no guess.
    expect((await ask("show pkage.jsn")).built.rule).toBeNull();
  });

  it("reads “X calls” as the name followed by “(”, not a comment that mentions it", async () => {
    const { built, output } = await ask("search for console.log calls");
    expect(output).toEqual([
      { file: "lib/client.js", line: 5, text: "query(text) { console.log(text) }" },
    ]);
    expect(built.rule === null ? "" : built.reading).toMatch(/a call of “console\.log”/);
  });

  it("leaves a minified copy out of a definition when a readable file has it", async () => {
    const { output } = await ask("where is the fetch method defined");
    expect(output).toEqual([
      { file: "dist/index.js", line: 2, text: "fetch(k) {}", kind: "method" },
    ]);
  });
});

const flat = workspaceFor("everyday-flat", {
  "package.json": JSON.stringify({ name: "debugish", engines: { node: ">=6.0" } }),
  "src/index.js": "module.exports = 1\n",
  "vendor/ansi-styles/index.js": "const ANSI_BACKGROUND_OFFSET = 10;\nexport default {}\n",
  "vendor/supports-color/index.js": "export default {}\n",
});

describe("everyday wordings on a small tree", () => {
  it.each<[string, string, unknown]>([
    ["min node version required?", "package-field", ">=6.0"],
    // A folder's name before a file name several folders have: the one in that folder.
    ["first line of the ansi-styles index.js", "first-lines", "const ANSI_BACKGROUND_OFFSET = 10;"],
  ])("%j → %s", async (request, rule, gold) => {
    const { built, output } = await flat.ask(request);
    expect(built.rule, JSON.stringify(built)).toBe(rule);
    expect(output).toEqual(gold);
  });

  it("reads “how many directories does the repo have”, and says which count it cannot choose", async () => {
    const { built } = await flat.ask("how many directories does the repo have");
    expect(built.rule).toBeNull();
    if (built.rule === null)
      expect(built.reason).toMatch(/count-folders matched, but .* say which/);
  });
});

const mailer = workspaceFor("everyday-mailer", {
  "package.json": JSON.stringify({
    name: "mailerish",
    packageManager: "pnpm@8.15.0",
    sideEffects: false,
    peerDependencies: { react: ">=18", immer: ">=9" },
    peerDependenciesMeta: { immer: { optional: true } },
  }),
  ".prettierrc.js": "module.exports = {}\n",
  "lib/nodemailer.js": "const shared = require('./shared')\nconst x = require('./xoauth2')\n",
  "lib/shared/index.js": "module.exports = {}\n",
  "lib/xoauth2/index.js": "class XOAuth2 {}\nmodule.exports = XOAuth2\n",
  "lib/smtp/index.js": "const XOAuth2 = require('../xoauth2')\n",
  "lib/mime/le-unix.js": "class LeWindows {}\n",
  "lib/mime/le-windows.js": "class LeWindows {}\n",
  "lib/mime/index.js": "\nclass MimeNode {}\n",
  "empty.txt": "",
});

describe("everyday wordings from a held-out corpus (O), read after its first run", () => {
  it.each<[string, string, unknown]>([
    ["who uses the xoauth2 module", "files-importing", ["lib/nodemailer.js", "lib/smtp/index.js"]],
    [
      "which files require the shared module (lib/shared)?",
      "files-importing",
      ["lib/nodemailer.js"],
    ],
    ["list the modules imported by lib/nodemailer.js", "imports", ["./shared", "./xoauth2"]],
    ["what line is `class MimeNode` on", "definition-line", 2],
    ["list the dotfiles at the root of the repo", "hidden-files", [".prettierrc.js"]],
    ["which package manager does it use", "package-key", "pnpm@8.15.0"],
    ["is sideEffects set in package.json? to what", "package-key", false],
    ["which peer dependencies are optional?", "package-dependencies", ["immer"]],
    ["is there a tsconfig?", "files-named-known", []],
    // Three files of 19 bytes tie; the empty one is left out.
    [
      "smallest file that isn't empty",
      "smallest-files",
      ["lib/mime/index.js", "lib/mime/le-unix.js", "lib/mime/le-windows.js"],
    ],
    ["is eval( called anywhere in the code?", "search", []],
  ])("%j → %s", async (request, rule, gold) => {
    const { built, output } = await mailer.ask(request);
    expect(built.rule, JSON.stringify(built)).toBe(rule);
    expect(output).toEqual(gold);
  });

  it("reads “file(s)” as files: every file that defines the class", async () => {
    const { output } = await mailer.ask("which file(s) define a class called LeWindows");
    expect(output).toEqual([
      { file: "lib/mime/le-unix.js", line: 1, text: "class LeWindows {}", kind: "class" },
      { file: "lib/mime/le-windows.js", line: 1, text: "class LeWindows {}", kind: "class" },
    ]);
  });
});
