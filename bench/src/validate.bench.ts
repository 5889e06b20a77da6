import { Parser } from "acorn";
import { PARSE_OPTIONS, validate, type ToolSpec } from "@lackpy/lang";
import type { BenchSuite } from "./harness.js";

const TOOLS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  {
    name: "write_file",
    args: [
      { name: "path", type: "string" },
      { name: "content", type: "string" },
    ],
    gradeW: 3,
    effectsCeiling: 3,
  },
];

/** Typical programs of 3 to 15 lines, as models write them. */
export const TYPICAL_PROGRAMS = [
  `const files = find_files("src/**/*.ts")\nconst hits = []\nfor (const f of files) {\n  const text = read_file(f)\n  if (text.includes("TODO")) hits.push({ file: f, lines: len(text.split("\\n")) })\n}\nsort_by(hits, "lines", true)`,
  `read_file("README.md")`,
  `const files = find_files("**/*.py")\nlen(files)`,
  `const sizes = find_files("src/**/*").map(f => ({ file: f, size: len(read_file(f)) }))\nsorted(sizes, s => s.size, true).slice(0, 5)`,
  `let total = 0\nfor (const f of find_files("**/*.json")) {\n  const data = JSON.parse(read_file(f))\n  total += len(keys(data))\n}\ntotal`,
  `const text = read_file("config.txt")\nconst lines = text.split("\\n").filter(line => line.trim() && !line.startsWith("#"))\nconst pairs = lines.map(line => line.split("=").map(part => part.trim()))\ndict(pairs)`,
  `const out = []\nfor (const f of find_files("src/**/*.ts")) {\n  const body = read_file(f)\n  const names = body.split("\\n").filter(l => l.startsWith("export function")).map(l => l.split(" ")[2].split("(")[0])\n  for (const name of names) {\n    if (name.length > 3) out.push({ file: f, name })\n    else print("short name", name)\n  }\n}\nconst counts = {}\nfor (const { name } of out) counts[name] = (counts[name] ?? 0) + 1\nitems(counts).filter(([, n]) => n > 1)`,
];

/** A 1,000-line program built from the typical ones. */
export const LONG_PROGRAM = Array.from(
  { length: 143 },
  (_, index) =>
    `const block${index} = find_files("src/${index}/**/*.ts").map(f => ({ file: f, size: len(read_file(f)) }))\nif (len(block${index}) > 0) {\n  print(block${index}[0].file)\n}\nlet n${index} = 0\nfor (const item of block${index}) { n${index} += item.size }\n`,
)
  .join("")
  .split("\n")
  .slice(0, 1000)
  .join("\n");

/**
 * validate vs acorn.parse alone on the same programs. Validation runs with `cache: false`, so
 * the ratios measure the checks themselves; the cached task shows what a repeated validation
 * (a template, a retried program) costs.
 */
export const suite: BenchSuite = {
  name: "validate",
  tasks: () => [
    {
      name: "acorn.parse typical ×7",
      fn: () => TYPICAL_PROGRAMS.forEach((source) => Parser.parse(source, PARSE_OPTIONS)),
    },
    {
      name: "validate typical ×7",
      fn: () =>
        TYPICAL_PROGRAMS.forEach((source) => validate(source, { tools: TOOLS, cache: false })),
    },
    { name: "acorn.parse 1,000 lines", fn: () => Parser.parse(LONG_PROGRAM, PARSE_OPTIONS) },
    {
      name: "validate 1,000 lines",
      fn: () => validate(LONG_PROGRAM, { tools: TOOLS, cache: false }),
    },
    {
      name: "validate typical ×7, cached",
      fn: () => TYPICAL_PROGRAMS.forEach((source) => validate(source, { tools: TOOLS })),
    },
  ],
  ratios: [
    {
      name: "validate / parse (typical)",
      task: "validate typical ×7",
      baseline: "acorn.parse typical ×7",
      goal: 1.15,
    },
    {
      name: "validate / parse (1,000 lines)",
      task: "validate 1,000 lines",
      baseline: "acorn.parse 1,000 lines",
      goal: 1.3,
    },
    {
      name: "cached validate / parse (typical)",
      task: "validate typical ×7, cached",
      baseline: "acorn.parse typical ×7",
    },
  ],
};
