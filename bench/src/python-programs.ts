/**
 * The programs of the Python comparison, each in lackpy's JavaScript subset and in Python
 * lackpy's Python subset: the same logic, the same tools and the same result, line for line.
 */

/** A program in both dialects. */
export interface ProgramPair {
  javascript: string;
  python: string;
}

/** The kit both sides use: the builtin file tools that read. */
export const PYTHON_COMPARISON_KIT: readonly string[] = Object.freeze(["read_file", "find_files"]);

/** The typical program, over `examples/workspace`: exported TypeScript files by length. */
export const TYPICAL_PAIR: ProgramPair = {
  javascript: [
    `const files = find_files("src/*.ts")`,
    `const hits = []`,
    `for (const f of files) {`,
    `  const text = read_file(f)`,
    `  if (text.includes("export")) hits.push({ file: f, lines: len(text.split("\\n")) })`,
    `}`,
    `sort_by(hits, "lines", true)`,
  ].join("\n"),
  python: [
    `files = find_files("src/*.ts")`,
    `hits = []`,
    `for f in files:`,
    `    text = read_file(f)`,
    `    if "export" in text: hits.append({"file": f, "lines": len(text.split("\\n"))})`,
    ``,
    `sort_by(hits, "lines", True)`,
  ].join("\n"),
};

const BLOCK_LINES = 5;
const LONG_LINES = 1000;

/** A 1,000-line program: 200 blocks of five lines (a comprehension, a condition, a sum, a filter). */
export const LONG_PAIR: ProgramPair = {
  javascript: blocks((index) => [
    `const block${index} = find_files("src/${index}/*.ts").map(f => ({ file: f, size: len(read_file(f)) }))`,
    `if (len(block${index}) > 0) print(block${index}[0].file)`,
    `let n${index} = 0`,
    `for (const item of block${index}) n${index} += item.size`,
    `const big${index} = block${index}.filter(item => item.size > 100)`,
  ]),
  python: blocks((index) => [
    `block${index} = [{"file": f, "size": len(read_file(f))} for f in find_files("src/${index}/*.ts")]`,
    `if len(block${index}) > 0: print(block${index}[0]["file"])`,
    `n${index} = 0`,
    `for item in block${index}: n${index} += item["size"]`,
    `big${index} = [item for item in block${index} if item["size"] > 100]`,
  ]),
};

/** The template both sides answer the intent with: the line count of a file named in the intent. */
export const TEMPLATE = {
  name: "count-lines",
  pattern: "count lines in {file}",
  intent: "count lines in README.md",
  /** lackpy turns a placeholder into a string param. */
  javascript: `len(read_file(file).split("\\n"))`,
  /** Python lackpy substitutes the captured text into the program. */
  python: `len(read_file("{file}").split("\\n"))`,
} as const;

function blocks(block: (index: number) => string[]): string {
  const lines: string[] = [];
  for (let index = 0; index < LONG_LINES / BLOCK_LINES; index++) lines.push(...block(index));
  return lines.join("\n");
}
