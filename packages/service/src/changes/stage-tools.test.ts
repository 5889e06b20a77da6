import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateProgram, type ValidatedProgram } from "@lackpy/lang";
import { LackpyService } from "../lackpy-service.js";
import { programWrites, stageTools } from "./stage-tools.js";

let root: string;
let service: LackpyService;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-stage-tools-"));
  await writeFile(path.join(root, "README.md"), "# hi\n");
  service = await LackpyService.open({ workspace: root });
});
afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

async function validated(source: string): Promise<ValidatedProgram> {
  const { kit } = await service.resolveKit("files");
  const { program, validation } = validateProgram(source, { tools: kit.tools });
  if (!program) throw new Error(JSON.stringify(validation.errors));
  return program;
}

describe("programWrites", () => {
  it.each([
    [`read_file("README.md")`, false],
    [`find_files("*").map(read_file)`, false],
    [`len(read_file("README.md").split("\\n"))`, false],
    [`write_file("a.txt", "x")`, true],
    [`edit_file("README.md", "hi", "ho")`, true],
    [`const text = read_file("README.md")\nif (false) write_file("a.txt", text)`, true],
  ])("%j may change something: %s", async (source, writes) => {
    expect(programWrites(await validated(source))).toBe(writes);
  });

  it("counts a tool without a grade as one that changes things", () => {
    const { program } = validateProgram(`custom()`, { tools: [{ name: "custom" }] });
    expect(programWrites(program!)).toBe(true);
  });
});

describe("stageTools", () => {
  it("gives a program that writes nothing a read-only staging area", async () => {
    const { kit } = await service.resolveKit("files");
    const options = {
      dryRun: false,
      requiresApproval: new Set<string>(),
      resultsUsed: new Set<string>(),
    };
    expect(stageTools(kit, { ...options, writes: false }).staging.writes).toBe(false);
    expect(stageTools(kit, { ...options, writes: true }).staging.writes).toBe(true);
  });

  it("runs read-only programs and writing ones alike, and lands only the writes", async () => {
    const read = await service.runProgram(`len(read_file("README.md").split("\\n"))`, {
      kit: "files",
      mode: "in-process",
    });
    expect(read).toMatchObject({ success: true, output: 2, changes: [], filesCreated: [] });
    const written = await service.runProgram(
      `write_file("made.txt", read_file("README.md") + "more\\n")`,
      { kit: "files", mode: "in-process" },
    );
    expect(written).toMatchObject({ success: true, filesCreated: ["made.txt"] });
  });
});
