import { appendFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { childToolOf } from "./child-file-tool.js";
import { createChildReadFile } from "./child-read-file.js";
import { createFileTools, type FileTools } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";

/**
 * A run writes a file from what it read of it: when another change lands on that file between
 * the read and the write, the write is refused, or the other change would be lost when this
 * run's lands over it (the check at landing compares with what the disk held at the write).
 */
describe("stageTextFile after a read of the same file", () => {
  let workspace: TestWorkspace;
  let tools: FileTools;
  beforeAll(async () => {
    workspace = await createWorkspace();
    tools = createFileTools(workspace.root);
  });
  afterAll(() => workspace.remove());

  const run = (staging: FileStaging) => ({ signal: new AbortController().signal, staging });
  const fileOf = (name: string) => path.join(workspace.root, name);

  it("refuses to write a file another change wrote after the run read it, and stages nothing", async () => {
    await writeFile(fileOf("log.txt"), "one\n");
    const staging = new FileStaging();
    const read = await tools.read_file.call(run(staging), "log.txt");
    await appendFile(fileOf("log.txt"), "theirs\n");
    expect(
      await refusal(tools.write_file.call(run(staging), "log.txt", `${read}mine\n`)),
    ).toMatchObject({
      code: "stale_change",
      message: "'log.txt' was changed by someone else after this run read it; nothing was written.",
      hint: "run the program again to work on what the file holds now",
    });
    expect(
      await refusal(tools.edit_file.call(run(staging), "log.txt", "one", "two")),
    ).toMatchObject({ code: "stale_change" });
    expect(staging.size).toBe(0);
    expect(await readFile(fileOf("log.txt"), "utf8")).toBe("one\ntheirs\n");
  });

  it("counts the first read, and writes a file unchanged since then, binary bytes too", async () => {
    // Not UTF-8: the state read is the bytes', not the decoded text's.
    await writeFile(fileOf("latin.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const staging = new FileStaging();
    const read = await tools.read_file.call(run(staging), "latin.txt");
    expect(await tools.write_file.call(run(staging), "latin.txt", `${read}more\n`)).toBe(12);
    // A read of what the run staged is no read of the disk.
    expect(await tools.read_file.call(run(staging), "latin.txt")).toBe(`${read}more\n`);
    await writeFile(fileOf("twice.txt"), "a\n");
    const again = new FileStaging();
    await tools.read_file.call(run(again), "twice.txt");
    await writeFile(fileOf("twice.txt"), "b\n");
    // The second read sees "b", but the run may already have used "a".
    await tools.read_file.call(run(again), "twice.txt");
    expect(await refusal(tools.write_file.call(run(again), "twice.txt", "c\n"))).toMatchObject({
      code: "stale_change",
    });
  });

  it("refuses the same when an isolated child read the file and reported it", async () => {
    await writeFile(fileOf("child.txt"), "one\n");
    const staging = new FileStaging();
    const recipe = childToolOf(tools.read_file, staging)!;
    const child = createChildReadFile(recipe.options);
    expect(child.call(["child.txt"])).toEqual({ value: "one\n" });
    const report = child.report();
    expect(report).toHaveLength(1);
    // Told once: a second report holds only what was read since.
    expect(child.report()).toBeUndefined();
    recipe.report!(report);
    await appendFile(fileOf("child.txt"), "theirs\n");
    expect(
      await refusal(tools.write_file.call(run(staging), "child.txt", "one\nmine\n")),
    ).toMatchObject({ code: "stale_change" });
    // A report that is not a list of [path, hash] pairs notes nothing.
    const other = new FileStaging();
    childToolOf(tools.read_file, other)!.report!([[fileOf("child.txt")], "x", [1, 2]]);
    expect(await tools.write_file.call(run(other), "child.txt", "fine\n")).toBe(5);
  });
});
