import {
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeChildPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

/**
 * The bulk tools on a generated tree past `find_files`' old limit of 10,000 files, in both run
 * modes with the default limits, against the same facts read with plain Node `fs`: what is
 * listed, sizes, lines, matches, and what is left out (`skipped`).
 */
const LISTED_FILES = 10_200;
const MODULE_FILES = 300;
const IGNORED_FILES = 40;

let root: string;
let outside: string;

/** A file's text, varied by its number: some empty, some without a final newline, some with TODO. */
function text(index: number): string {
  if (index % 97 === 0) return "";
  const lines = Array.from({ length: index % 13 }, (_, line) =>
    line === 3 && index % 7 === 0 ? `// TODO ${index}` : `const v${line} = ${index};`,
  );
  return index % 5 === 0 ? lines.join("\n") : `${lines.join("\n")}\n`;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-bulk-tree-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-bulk-outside-"));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  for (let index = 0; index < LISTED_FILES - 3; index++)
    write(`src/p${index % 100}/f${index}.${index % 3 === 0 ? "ts" : "js"}`, text(index));
  for (let index = 0; index < MODULE_FILES; index++)
    write(`node_modules/dep${index % 10}/m${index}.js`, "// TODO in a dependency\n");
  for (let index = 0; index < IGNORED_FILES; index++) write(`dist/out${index}.js`, "built\n");
  write(".gitignore", "dist/\n");
  write("README.md", "# tree\nTODO: docs\n");
  write("logo.png", Buffer.from([137, 80, 78, 71, 0, 1, 2, 10]));
  write(".git/HEAD", "ref: refs/heads/main\n");
  write(".cache/state.js", "cached\n");
  writeFileSync(path.join(outside, "secret.js"), "// TODO outside\n");
  symlinkSync(path.join(outside, "secret.js"), path.join(root, "link-out.js"));
  symlinkSync(outside, path.join(root, "dir-out"));
});

afterAll(async () => {
  await closeChildPool();
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** The files the tools list, walked with plain `fs`: regular files, no dot names, no node_modules or dist. */
function plainFiles(folder = "", found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (["node_modules", "dist"].includes(entry.name)) continue;
    if (entry.name.startsWith(".") && entry.name !== ".gitignore") continue;
    if (entry.isDirectory()) plainFiles(relative, found);
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** Lines by the rule `line_counts` states. */
function lines(content: string): number {
  if (content === "") return 0;
  return content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
}

function service(mode: "in-process" | "isolated"): LackpyService {
  const config: LackpyConfig = structuredClone(DEFAULT_CONFIG);
  config.run.mode = mode;
  return new LackpyService({ workspace: root, config });
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe.each(["in-process", "isolated"] as const)("bulk tools on 10,000+ files (%s)", (mode) => {
  const run = async (program: string) => {
    const result = await service(mode).runProgram(program, { kit: "readonly" });
    expect(result.error).toBeNull();
    return result;
  };

  it("lists every file, and says what it left out", async () => {
    const files = plainFiles();
    expect(files).toHaveLength(LISTED_FILES);
    const result = await run(`find_files("**/*")`);
    expect(result.output).toEqual(files);
    expect(result.stats.toolCalls).toBe(1);
    expect(result.skipped).toEqual([
      { reason: "files under node_modules", count: MODULE_FILES },
      { reason: "gitignored files", count: IGNORED_FILES },
      { reason: "special files (symlinks, FIFOs, sockets)", count: 2 },
      { reason: "hidden paths", count: 1 },
    ]);
  });

  it("measures every javascript file", async () => {
    const javascript = plainFiles().filter((file) => file.endsWith(".js"));
    const result = await run(`file_sizes("**/*.js")`);
    expect(result.output).toEqual(
      javascript.map((file) => ({ file, size: statSync(path.join(root, file)).size })),
    );
    expect(result.skipped).toContainEqual({ reason: "files under node_modules", count: 300 });
    const largest = await run(
      `sort_by(file_sizes(), "size", true).slice(0, 5).map(row => row.size)`,
    );
    const sizes = plainFiles().map((file) => statSync(path.join(root, file)).size);
    expect(largest.output).toEqual(sizes.sort((left, right) => right - left).slice(0, 5));
  });

  it("counts the lines of javascript, leaving out the binary file", async () => {
    const result = await run(`sum(line_counts("**/*.js").map(row => row.lines))`);
    const javascript = plainFiles().filter((file) => file.endsWith(".js"));
    expect(result.output).toBe(javascript.reduce((sum, file) => sum + lines(read(file)), 0));
    const all = await run(`line_counts()`);
    const text = plainFiles().filter((file) => file !== "logo.png");
    expect(all.output).toEqual(text.map((file) => ({ file, lines: lines(read(file)) })));
    expect(all.skipped).toContainEqual({ reason: "binary files", count: 1 });
  });

  it("finds the files that mention TODO", async () => {
    const result = await run(`unique(search_files("TODO").map(hit => hit.file))`);
    expect(result.output).toEqual(plainFiles().filter((file) => read(file).includes("TODO")));
    expect(result.skipped).toContainEqual({ reason: "files under node_modules", count: 300 });
    expect(result.skipped).toContainEqual({ reason: "binary files", count: 1 });
  });
});
