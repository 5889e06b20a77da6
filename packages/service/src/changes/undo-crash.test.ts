import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { LackpyService } from "../lackpy-service.js";
import { CRASH_AFTER_RENAMES_VARIABLE, CRASH_BEFORE_FORGETTING_VARIABLE } from "./land-changes.js";

const CRASHING_UNDO = fileURLToPath(new URL("../__fixtures__/crashing-undo.mjs", import.meta.url));
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A workspace with a run that changed `a.txt` (A1 → A2) and created `b.txt`; its runId. */
async function landedRun(): Promise<{ root: string; runId: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-undo-crash-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "in-process"\n`);
  await writeFile(path.join(root, "a.txt"), "A1\n");
  const service = await LackpyService.open({ workspace: root });
  const result = await service.runProgram(
    `write_file("a.txt", "A2\\n")\nwrite_file("b.txt", "B\\n")`,
    {
      kit: "files",
    },
  );
  await service.close();
  expect(result.success).toBe(true);
  return { root, runId: result.runId! };
}

/** Undoes the run in another process that kills itself at the hook's point. */
function crashingUndo(root: string, runId: string, hook: Record<string, string>) {
  return spawnSync(process.execPath, [CRASHING_UNDO, root, runId], {
    env: { ...process.env, ...hook },
    encoding: "utf8",
    timeout: 30_000,
  });
}

const read = (root: string, file: string) =>
  readFile(path.join(root, file), "utf8").catch(() => null);

describe("an undo killed between restoring the files and forgetting the run", () => {
  it("is finished by a live instance's next undo, which lands nothing over newer content", async () => {
    const { root, runId } = await landedRun();
    const live = await LackpyService.open({ workspace: root });
    await live.recovered();
    const child = crashingUndo(root, runId, { [CRASH_BEFORE_FORGETTING_VARIABLE]: "1" });
    expect(child.signal).toBe("SIGKILL");
    expect(await read(root, "a.txt")).toBe("A1\n");
    expect(await read(root, "b.txt")).toBeNull();
    // Someone writes after the undo; undoing the run again (forced) must not restore over it.
    await writeFile(path.join(root, "a.txt"), "newer\n");
    await expect(live.undo(runId, { force: true })).rejects.toMatchObject({
      code: "unknown_run",
    });
    expect(await read(root, "a.txt")).toBe("newer\n");
    expect((await live.runs()).map((run) => run.runId)).not.toContain(runId);
    await live.close();
  });

  it("is finished by recovery on the next start", async () => {
    const { root, runId } = await landedRun();
    expect(crashingUndo(root, runId, { [CRASH_BEFORE_FORGETTING_VARIABLE]: "1" }).signal).toBe(
      "SIGKILL",
    );
    const service = await LackpyService.open({ workspace: root });
    expect((await service.runs()).map((run) => run.runId)).not.toContain(runId);
    expect(await read(root, "a.txt")).toBe("A1\n");
    await expect(service.undo(runId, { force: true })).rejects.toMatchObject({
      code: "unknown_run",
    });
    await service.close();
  });
});

describe("an undo killed after its renames, before it says it landed", () => {
  it("is rolled back: the run can be undone, once", async () => {
    const { root, runId } = await landedRun();
    expect(crashingUndo(root, runId, { [CRASH_AFTER_RENAMES_VARIABLE]: "2" }).signal).toBe(
      "SIGKILL",
    );
    const service = await LackpyService.open({ workspace: root });
    expect(await read(root, "a.txt")).toBe("A2\n");
    expect(await read(root, "b.txt")).toBe("B\n");
    expect((await service.runs()).map((run) => run.runId)).toContain(runId);
    expect(await service.undo(runId)).toMatchObject({ runId });
    expect(await read(root, "a.txt")).toBe("A1\n");
    await expect(service.undo(runId, { force: true })).rejects.toMatchObject({
      code: "unknown_run",
    });
    await service.close();
  });

  it("is rolled back by a live instance's next undo of the run, which then lands it", async () => {
    const { root, runId } = await landedRun();
    const live = await LackpyService.open({ workspace: root });
    await live.recovered();
    expect(crashingUndo(root, runId, { [CRASH_AFTER_RENAMES_VARIABLE]: "1" }).signal).toBe(
      "SIGKILL",
    );
    expect(await live.undo(runId)).toMatchObject({ runId });
    expect(await read(root, "a.txt")).toBe("A1\n");
    expect(await read(root, "b.txt")).toBeNull();
    expect((await live.runs()).map((run) => run.runId)).not.toContain(runId);
    await live.close();
  });
});
