import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testSchema } from "../__fixtures__/test-postgres.mjs";
import { LackpyService } from "../lackpy-service.js";
import { CRASH_AFTER_RENAMES_VARIABLE, CRASH_BEFORE_FORGETTING_VARIABLE } from "./land-changes.js";

/**
 * Decisions 141 and 142 with the files backend and with Postgres (the run history in its tables,
 * skipped without `LACKPY_TEST_PG_URL`): an undo killed at its commit point is finished once,
 * one killed before it is rolled back and can be undone once.
 */
const CRASHING_UNDO = fileURLToPath(new URL("../__fixtures__/crashing-undo.mjs", import.meta.url));
const schema = await testSchema("undo-crash");
const folders: string[] = [];

afterAll(async () => {
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const BACKENDS = [
  ["files", true],
  ["postgres", Boolean(schema)],
] as const;
type Backend = (typeof BACKENDS)[number][0];

let keys = 0;
/** The environment naming the workspace's store: none for files, a key of its own in Postgres. */
function storeEnv(backend: Backend): Record<string, string> {
  return backend === "files"
    ? {}
    : { LACKPY_STORE_URL: schema!.url, LACKPY_STORE_WORKSPACE: `undo-crash-${++keys}` };
}

interface Landed {
  root: string;
  runId: string;
  env: Record<string, string>;
}

/** Opens another instance on the landed run's workspace and store. */
const open = ({ root, env }: Landed) =>
  LackpyService.open({ workspace: root, env: { ...process.env, ...env } });

/** A workspace with a run that changed `a.txt` (A1 → A2) and created `b.txt`; its runId. */
async function landedRun(backend: Backend): Promise<Landed> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-undo-crash-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "in-process"\n`);
  await writeFile(path.join(root, "a.txt"), "A1\n");
  const env = storeEnv(backend);
  const service = await LackpyService.open({ workspace: root, env: { ...process.env, ...env } });
  const result = await service.runProgram(
    `write_file("a.txt", "A2\\n")\nwrite_file("b.txt", "B\\n")`,
    {
      kit: "files",
    },
  );
  await service.close();
  expect(result.success).toBe(true);
  return { root, runId: result.runId!, env };
}

/** Undoes the run in another process that kills itself at the hook's point. */
function crashingUndo({ root, runId, env }: Landed, hook: Record<string, string>) {
  return spawnSync(process.execPath, [CRASHING_UNDO, root, runId], {
    env: { ...process.env, ...env, ...hook },
    encoding: "utf8",
    timeout: 30_000,
  });
}

/** The runs the undo index names (`.lackpy/runs/.undoing/`). */
const undoIndex = (root: string) =>
  readdir(path.join(root, ".lackpy/runs/.undoing")).catch(() => [] as string[]);

const read = (root: string, file: string) =>
  readFile(path.join(root, file), "utf8").catch(() => null);

describe.each(BACKENDS)(
  "an undo killed between restoring the files and forgetting the run (%s)",
  (backend, available) => {
    it.runIf(available)(
      "is finished by a live instance's next undo, which lands nothing over newer content",
      async () => {
        const landed = await landedRun(backend);
        const { root, runId } = landed;
        const live = await open(landed);
        await live.recovered();
        const child = crashingUndo(landed, { [CRASH_BEFORE_FORGETTING_VARIABLE]: "1" });
        expect(child.signal).toBe("SIGKILL");
        // Without the dead undo's file locks (no lock to take over), the live undo still finds
        // its journal, through the undo index (decision 162).
        await rm(path.join(root, ".lackpy/locks"), { recursive: true, force: true });
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
      },
    );

    it.runIf(available)("is finished by recovery on the next start", async () => {
      const landed = await landedRun(backend);
      const { root, runId } = landed;
      expect(crashingUndo(landed, { [CRASH_BEFORE_FORGETTING_VARIABLE]: "1" }).signal).toBe(
        "SIGKILL",
      );
      const service = await open(landed);
      expect((await service.runs()).map((run) => run.runId)).not.toContain(runId);
      expect(await read(root, "a.txt")).toBe("A1\n");
      await expect(service.undo(runId, { force: true })).rejects.toMatchObject({
        code: "unknown_run",
      });
      await service.close();
    });
  },
);

describe.each(BACKENDS)(
  "an undo killed after its renames, before it says it landed (%s)",
  (backend, available) => {
    it.runIf(available)("is rolled back: the run can be undone, once", async () => {
      const landed = await landedRun(backend);
      const { root, runId } = landed;
      expect(crashingUndo(landed, { [CRASH_AFTER_RENAMES_VARIABLE]: "2" }).signal).toBe("SIGKILL");
      const service = await open(landed);
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

    it.runIf(available)(
      "is rolled back by a live instance's next undo of the run, which then lands it",
      async () => {
        const landed = await landedRun(backend);
        const { root, runId } = landed;
        const live = await open(landed);
        await live.recovered();
        expect(crashingUndo(landed, { [CRASH_AFTER_RENAMES_VARIABLE]: "1" }).signal).toBe(
          "SIGKILL",
        );
        expect(await live.undo(runId)).toMatchObject({ runId });
        expect(await read(root, "a.txt")).toBe("A1\n");
        expect(await read(root, "b.txt")).toBeNull();
        expect((await live.runs()).map((run) => run.runId)).not.toContain(runId);
        // The undo index (decision 162) found the dead undo, and keeps nothing of the run now.
        expect(await undoIndex(root)).not.toContain(runId);
        await live.close();
      },
    );
  },
);
