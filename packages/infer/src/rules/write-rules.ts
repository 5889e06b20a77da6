/**
 * Rules that change files, for kits with `write_file`: replace text in a file, append a line,
 * create a file with content. They never overwrite a file they were not asked to change: the
 * file to edit must exist, the file to create must not. Text from the request is bound as string
 * params (`old`, `replacement`, `line`, `content`), never spliced into program text.
 */
import { extensionOf, looksLikeFile } from "./file-kinds.js";
import { quoted } from "./reading-text.js";
import { fileOf, textOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** Words that name characters rather than text ("tabs", "spaces", "newlines", "quotes"). */
const CHARACTER_NAMES =
  /^(?:tabs?|spaces?|whitespace|blanks?|newlines?|line ?breaks?|linefeeds?|crlf|lf|cr|quotes?|apostrophes?|commas?|semicolons?|colons?|dots?|periods?|dashes?|hyphens?|underscores?|slashes?|backslashes?|brackets?|braces?|parens?|parentheses|characters?|chars?)$/i;

/** A workspace-relative path a new file may be created at, or null. */
function newPath(raw: string | null): string | null {
  if (raw === null) return null;
  const path = raw.replace(/\\/g, "/").replace(/^\.\//, "");
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.split("/").includes(".."))
    return null;
  return looksLikeFile(path) ? path : null;
}

/** Write rules. */
export const WRITE_RULES: readonly IntentRule[] = [
  {
    id: "replace-text",
    summary: "replace some text with other text in a file",
    examples: ["replace foo with bar in README.md", 'change "8080" to "9090" in config.json'],
    needs: ["read_file", "write_file"],
    patterns: [
      "replace (?<literal>literal )?(?<old>[QWN]) (?:with|to|per) (?:literal )?(?<new>[QWN]) in {file}",
      "change (?<old>Q) (?:with|to) (?<new>Q) in {file}",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      const old = textOf(slots.old);
      const replacement = textOf(slots.new);
      if (!path || !old || replacement === null) return "the file is not in the workspace";
      // "replace tabs with spaces" names characters, not the words: unquoted, such a word is not
      // the text to replace ("replace the word tabs …" or quotes say it is).
      const named = [slots.old?.[0], slots.new?.[0]].some(
        (token) => token?.form === "W" && CHARACTER_NAMES.test(token.raw),
      );
      if (named && !slots.literal)
        return 'the request names characters (tabs, spaces, newlines…); quote the text: replace "old" with "new" in FILE';
      return {
        program: [
          "const text = read_file(path)",
          "const parts = text.split(old)",
          "if (len(parts) > 1) write_file(path, parts.join(replacement))",
          "len(parts) - 1",
        ].join("\n"),
        params: { path, old, replacement },
        reading: `replace every ${quoted(old)} with ${quoted(replacement)} in ${quoted(path)}; the answer is the number replaced`,
      };
    },
  },
  {
    id: "append-line",
    summary: "append a line to a file",
    examples: ['append "## 1.5.0" to CHANGELOG.md', 'add the line "done" to the end of notes.md'],
    needs: ["read_file", "write_file"],
    patterns: [
      "append (?:line )?(?<line>Q) to (?:last )?{file}",
      "append (?:line )?(?<line>Q) (?:last|in) {file}",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      const line = textOf(slots.line);
      if (!path || line === null) return "the file is not in the workspace";
      if (extensionOf(path) === "json") return "a line appended to a JSON file would break it";
      return {
        program: [
          "const text = read_file(path)",
          'const separator = text === "" || text.endsWith("\\n") ? "" : "\\n"',
          "write_file(path, `${text}${separator}${line}\\n`)",
        ].join("\n"),
        params: { path, line },
        reading: `append the line ${quoted(line)} to the end of ${quoted(path)}`,
      };
    },
  },
  {
    id: "create-file",
    summary: "create a file with some content",
    examples: ['create todo.md with "# Todo"', 'write "hello" to hello.txt'],
    needs: ["write_file"],
    patterns: [
      "create (?:file )?(?<path>[PF]) (?:with|contain|have) (?:content )?(?<content>Q)",
      "create (?:file )?(?<content>Q) (?:to|in) (?:file )?(?<path>[PF])",
    ].map(rulePattern),
    async build(slots, context) {
      if (slots.path?.[0]?.form === "F")
        return "the file already exists; rules never overwrite a file";
      const path = newPath(textOf(slots.path));
      const content = textOf(slots.content);
      if (!path || content === null) return "the path is not a new workspace file";
      if (!context.workspace || (await context.workspace.kind(path)) !== null)
        return "the file may exist already; rules never overwrite a file";
      return {
        program: 'write_file(path, content.endsWith("\\n") ? content : `${content}\\n`)',
        params: { path, content },
        reading: `create the new file ${quoted(path)} holding ${quoted(content)}`,
      };
    },
  },
];
