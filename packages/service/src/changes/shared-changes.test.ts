import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { testSchema } from "../__fixtures__/test-postgres.mjs";
import { DEFAULT_CONFIG } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

/**
 * Every instance equal (decision 95): two services on one workspace, as two servers behind a
 * load balancer, with the files backend and with Postgres. A caller's dry run applies through
 * either, its run is undone through either, after a crash too; changes to different files land
 * at once, and of two changes to one file one lands and the other is refused naming it.
 */
const PATH_LOCK_HOLDER = fileURLToPath(
  new URL("../__fixtures__/path-lock-holder.mjs", import.meta.url),
);
const KILLED_AFTER_RUN = fileURLToPath(
  new URL("../__fixtures__/killed-after-run.mjs", import.meta.url),
);
const schema = await testSchema("shared-changes");
const folders: string[] = [];
const services: LackpyService[] = [];
afterAll(async () => {
  for (const service of services) await service.close().catch(() => undefined);
  await closeWorkerPool();
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

let keys = 0;
/** A workspace and the environment naming its store (Postgres: a key of its own). */
async function workspace(backend: "files" | "postgres") {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-shared-"));
  folders.push(root);
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "src/a.txt"), "one\n");
  const env: Record<string, string> =
    backend === "files"
      ? {}
      : { LACKPY_STORE_URL: schema!.url, LACKPY_STORE_WORKSPACE: `shared-${++keys}` };
  return { root, env };
}

async function instance(root: string, env: Record<string, string>): Promise<LackpyService> {
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  const service = await LackpyService.open({ workspace: root, config, env });
  services.push(service);
  return service;
}

const write = (file: string, text: string) =>
  `write_file(${JSON.stringify(file)}, ${JSON.stringify(text)})`;

const BACKENDS = [
  ["files", true],
  ["postgres", Boolean(schema)],
] as const;

describe.each(BACKENDS)("two instances on one workspace (%s)", (backend, available) => {
  it.runIf(available)(
    "apply a caller's dry run through the other instance and undo its run there; another caller can do neither",
    async () => {
      const { root, env } = await workspace(backend);
      const [one, two] = [await instance(root, env), await instance(root, env)];
      const dry = await one.runProgram(write("src/a.txt", "two\n"), {
        kit: "files",
        dryRun: true,
        caller: "tok_a",
      });
      await expect(two.applyChanges(dry.changeId!, { caller: "tok_b" })).rejects.toMatchObject({
        code: "unknown_change",
      });
      const applied = await two.applyChanges(dry.changeId!, { caller: "tok_a" });
      expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("two\n");
      await expect(one.applyChanges(dry.changeId!, { caller: "tok_a" })).rejects.toMatchObject({
        code: "change_applied",
      });
      await expect(one.undo(undefined, { caller: "tok_b" })).rejects.toMatchObject({
        code: "unknown_run",
        message: "You have no run to undo.",
      });
      await expect(one.undo(applied.runId, { caller: "tok_b" })).rejects.toMatchObject({
        code: "unknown_run",
        message: `No run '${applied.runId}' of yours to undo.`,
      });
      expect((await one.runs({ caller: "tok_a" })).map((run) => run.runId)).toEqual([
        applied.runId,
      ]);
      expect(await one.undo(undefined, { caller: "tok_a" })).toMatchObject({
        runId: applied.runId,
      });
      expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("one\n");
      expect(await two.runs()).toEqual([]);
    },
  );

  it.runIf(available)(
    "lands changes to different files from both at once, and of two changes to one file lands one and names the file to the other",
    async () => {
      const { root, env } = await workspace(backend);
      const [one, two] = [await instance(root, env), await instance(root, env)];
      const runs = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 ? one : two).runProgram(write(`many/${index}.txt`, `${index}\n`), {
            kit: "files",
            caller: `tok_${index % 3}`,
          }),
        ),
      );
      expect(runs.map((run) => run.applied)).toEqual(runs.map(() => true));
      for (let index = 0; index < 12; index++)
        expect(await readFile(path.join(root, `many/${index}.txt`), "utf8")).toBe(`${index}\n`);
      const dries = await Promise.all(
        ["left\n", "right\n"].map((text) =>
          one.runProgram(write("src/a.txt", text), { kit: "files", dryRun: true }),
        ),
      );
      const outcomes = await Promise.allSettled([
        one.applyChanges(dries[0]!.changeId!),
        two.applyChanges(dries[1]!.changeId!),
      ]);
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect(refused).toHaveLength(1);
      const won = outcomes.find((outcome) => outcome.status === "fulfilled");
      const winner = (won as PromiseFulfilledResult<{ runId: string }>).value.runId;
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        code: "stale_change",
        file: "src/a.txt",
        message: expect.stringContaining(`, by run ${winner} (apply_changes: `),
      });
      const landed = await readFile(path.join(root, "src/a.txt"), "utf8");
      expect(["left\n", "right\n"]).toContain(landed);
    },
  );

  it.runIf(available)(
    "refuses a change another one already overtook at once, naming it, without waiting for the file's lock",
    async () => {
      const { root, env } = await workspace(backend);
      const [one, two] = [await instance(root, env), await instance(root, env)];
      const [late, first] = await Promise.all(
        ["late\n", "first\n"].map((text) =>
          one.runProgram(write("src/a.txt", text), { kit: "files", dryRun: true }),
        ),
      );
      const { runId: winner } = await two.applyChanges(first!.changeId!);
      // A third process holds the file's lock and does not let go: a landing that waited for it
      // would only be refused when it got it (or time out).
      const holder = spawn(process.execPath, [PATH_LOCK_HOLDER, root, "src/a.txt", "holder"], {
        stdio: ["pipe", "pipe", "inherit"],
      });
      await once(holder.stdout!, "data");
      try {
        const refused = await Promise.race([
          one.applyChanges(late!.changeId!).then(
            () => "landed",
            (error: unknown) => error,
          ),
          new Promise((resolve) => setTimeout(() => resolve("waited"), 10_000)),
        ]);
        expect(refused).toMatchObject({
          code: "stale_change",
          file: "src/a.txt",
          message: expect.stringContaining(`, by run ${winner} (apply_changes: `),
        });
      } finally {
        holder.stdin!.write("go\n");
        await once(holder, "exit");
      }
      expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("first\n");
    },
  );

  it.runIf(available)(
    "lets a caller undo its last run after the instance that made it was killed, from a restarted one",
    async () => {
      const { root, env } = await workspace(backend);
      const killed = spawnSync(
        process.execPath,
        [KILLED_AFTER_RUN, root, write("src/a.txt", "after\n"), "tok_a"],
        { env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 },
      );
      expect(killed.signal).toBe("SIGKILL");
      const { success, runId } = JSON.parse(killed.stdout) as { success: boolean; runId: string };
      expect(success).toBe(true);
      expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("after\n");
      const restarted = await instance(root, env);
      expect(await restarted.undo(undefined, { caller: "tok_a" })).toMatchObject({ runId });
      expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("one\n");
    },
  );
});
