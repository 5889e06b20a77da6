import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEMPLATE_INTENT, TEMPLATE_PROGRAM } from "./template-service.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));

const VERBS = [
  "count",
  "list",
  "find",
  "show",
  "sum",
  "sort",
  "search",
  "print",
  "check",
  "read",
  "compare",
  "group",
  "filter",
  "summarise",
  "measure",
  "rank",
  "collect",
  "extract",
  "report",
  "total",
];
const OBJECTS = [
  "lines",
  "files",
  "words",
  "TODO comments",
  "imports",
  "functions",
  "classes",
  "tests",
  "errors",
  "links",
  "headings",
  "exports",
  "comments",
  "blank lines",
  "long lines",
  "json files",
  "markdown files",
  "test files",
  "config keys",
  "dependencies",
  "scripts",
  "authors",
  "dates",
  "numbers",
  "urls",
];
const PLACES = [
  "in {file}",
  "under {dir}",
  "matching {pattern}",
  "larger than {size} bytes",
  "changed in {dir}",
  "with {word} in them",
  "per folder",
  "by extension",
  "in the src folder",
  "in the docs folder",
  "across the workspace",
  "in the tests folder",
  "of {file} and {other}",
  "between {start} and {end}",
  "named {name}",
  "older than {days} days",
  "in every package",
  "at the top level",
  "without a license header",
  "that mention {topic}",
];
const EXTRAS = [
  "",
  "please",
  "quickly",
  "again",
  "as a table",
  "as json",
  "sorted by name",
  "first",
];

/**
 * The pattern of the `at`-th generated template: a verb, an object and a place, sometimes with
 * a word more, so that thousands of patterns share most of their words as real ones do
 * ("count lines in {file}", "list json files under {dir}", "find TODO comments per folder").
 */
function generatedPattern(at: number): string {
  let rest = at;
  const verb = VERBS[rest % VERBS.length]!;
  rest = Math.floor(rest / VERBS.length);
  const object = OBJECTS[rest % OBJECTS.length]!;
  rest = Math.floor(rest / OBJECTS.length);
  const place = PLACES[rest % PLACES.length]!;
  rest = Math.floor(rest / PLACES.length);
  const extra = EXTRAS[rest % EXTRAS.length]!;
  return [verb, object, place, extra].filter(Boolean).join(" ");
}

/** The generated patterns before the same ones repeat. */
export const DISTINCT_PATTERNS = VERBS.length * OBJECTS.length * PLACES.length * EXTRAS.length;

/**
 * A copy of `examples/workspace` with `count` templates in `.lackpy/templates`: the benches'
 * `count-lines` template (`count lines in {file}`, which answers `TEMPLATE_INTENT`) and
 * `count - 1` generated ones, written as `lackpy create` writes them.
 */
export function workspaceWithTemplates(count: number, prefix: string): string {
  if (count - 1 > DISTINCT_PATTERNS) throw new Error(`at most ${DISTINCT_PATTERNS + 1} templates`);
  const workspace = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(EXAMPLE, workspace, { recursive: true });
  const directory = path.join(workspace, ".lackpy", "templates");
  mkdirSync(directory, { recursive: true });
  const write = (name: string, pattern: string, program: string) =>
    writeFileSync(
      path.join(directory, `${name}.tmpl`),
      `---\nname: ${name}\npattern: ${JSON.stringify(pattern)}\nsuccess_count: 0\nfail_count: 0\norigin: person\n---\n${program}\n`,
    );
  write("count-lines", "count lines in {file}", TEMPLATE_PROGRAM);
  let written = 1;
  for (let at = 0; written < count; at++) {
    const pattern = generatedPattern(at);
    if (pattern === "count lines in {file}") continue;
    write(`generated-${at}`, pattern, `len(find_files("**/*")) + ${at}`);
    written++;
  }
  return workspace;
}

/** The intent every workspace's `count-lines` template answers. */
export { TEMPLATE_INTENT };
