import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentHash } from "@lackpy/kit/node";
import { closeWorkerPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";

/**
 * `.lackpy/runs/` is read from the workspace, and a cloned repository (or an archive) can bring
 * one: every record and journal in it is an attack on what recovery (at every open, before any
 * trust) and undo do with it. Each row plants one in a fresh workspace next to a folder
 * `outside/` that holds a secret, a victim folder and a stray temporary file; nothing outside may
 * change, and no file outside may reach the workspace.
 */
interface ClonedRun {
  attack: string;
  /** Files under `.lackpy/runs/`; `OUTSIDE` is replaced by the outside folder's path. */
  files: Record<string, string>;
  /** Symlinks under `.lackpy/runs/` to targets (`OUTSIDE` replaced). */
  links?: Record<string, string>;
  /** A FIFO under `.lackpy/runs/`. */
  fifo?: string;
  /** Symlinks in the workspace itself to targets (`OUTSIDE` replaced): a folder on a journal's path that leads out. */
  workspaceLinks?: Record<string, string>;
}

const SECRET = "TOP SECRET KEY\n";
const SECRET_HASH = contentHash(SECRET);
const ID = "20990101-000000-abcd";

const file = (entry: Record<string, unknown>) => ({
  path: "stolen.txt",
  action: "modify",
  before: { exists: true, hash: "0".repeat(64) },
  after: { exists: false },
  blob: "before/0",
  createdFolder: null,
  ...entry,
});
const record = (entry: Record<string, unknown> = {}, files = [file({})]) =>
  JSON.stringify({
    runId: ID,
    at: "2099-01-01T00:00:00.000Z",
    source: "run",
    label: "planted",
    files,
    beforeBytes: 1,
    undoable: true,
    ...entry,
  });
const journal = (entry: Record<string, unknown> = {}, files = [file({})]) =>
  record({ phase: "landing", tokens: files.map(() => `${ID}-aa`), ...entry }, files);

const CLONED_RUNS: ClonedRun[] = [
  {
    attack: "a journal whose run id climbs out: recovery removes its folder recursively",
    files: { [`${ID}/journal.json`]: journal({ runId: "../../../outside/victim" }, []) },
  },
  {
    attack: "a journal whose run id is another run's",
    files: { [`x/journal.json`]: journal({ runId: "../../../outside/victim" }, []) },
  },
  {
    attack: "a record whose run id climbs out (pruning and dropped before-images remove it)",
    files: { [`${ID}/record.json`]: record({ runId: "../../../outside/victim" }) },
  },
  {
    attack: "a journal whose before-image climbs out of the run's folder",
    files: { [`${ID}/journal.json`]: journal({}, [file({ blob: "../../../../outside/secret" })]) },
  },
  {
    attack: "a journal whose before-image is a symlink to a secret",
    files: { [`${ID}/journal.json`]: journal() },
    links: { [`${ID}/before/0`]: "OUTSIDE/secret" },
  },
  {
    attack: "a journal whose before-image is a symlink to a secret, with the secret's digest",
    files: {
      [`${ID}/journal.json`]: journal({}, [file({ before: { exists: true, hash: SECRET_HASH } })]),
    },
    links: { [`${ID}/before`]: "OUTSIDE" },
  },
  {
    attack: "a record whose before-image is a symlink to a secret (undo)",
    files: { [`${ID}/record.json`]: record() },
    links: { [`${ID}/before/0`]: "OUTSIDE/secret" },
  },
  {
    attack: "a record whose before-image folder is a symlink out (undo)",
    files: { [`${ID}/record.json`]: record() },
    links: { [`${ID}/before`]: "OUTSIDE" },
  },
  {
    attack: "a record whose before-image is /dev/zero (an endless read)",
    files: { [`${ID}/record.json`]: record() },
    links: { [`${ID}/before/0`]: "/dev/zero" },
  },
  {
    attack: "a journal whose before-image is a FIFO (a read that never ends)",
    files: { [`${ID}/journal.json`]: journal() },
    fifo: `${ID}/before/0`,
  },
  {
    attack: "a journal whose file lies outside: its temporary file is removed",
    files: {
      [`${ID}/journal.json`]: journal({ tokens: ["tok"] }, [file({ path: "../outside/x.txt" })]),
    },
  },
  {
    attack: "a journal whose token climbs out",
    files: {
      [`${ID}/journal.json`]: journal({ tokens: ["/../outside/stray"] }, [file({ path: "a.txt" })]),
    },
  },
  {
    attack: "a journal whose created folder climbs out: empty folders above are removed",
    files: {
      [`${ID}/journal.json`]: journal({}, [
        file({ path: "../outside/empty/x.txt", createdFolder: "../outside/empty" }),
      ]),
    },
  },
  {
    attack:
      "a journal whose file lies behind a link out of the workspace: its temporary file is removed",
    files: {
      [`${ID}/journal.json`]: journal({ tokens: ["tok"] }, [file({ path: "out/x.txt" })]),
    },
    workspaceLinks: { out: "OUTSIDE" },
  },
  {
    attack: "a journal whose created folder lies behind a link out: its empty folders are removed",
    files: {
      [`${ID}/journal.json`]: journal({}, [
        file({ path: "out/empty/x.txt", createdFolder: "out/empty" }),
      ]),
    },
    workspaceLinks: { out: "OUTSIDE" },
  },
  {
    attack: "a journal whose restored file lies behind a link out, holding what the run left",
    files: {
      [`${ID}/journal.json`]: journal({}, [
        file({
          path: "out/secret",
          before: { exists: false },
          after: { exists: true, hash: SECRET_HASH },
          blob: null,
        }),
      ]),
    },
    workspaceLinks: { out: "OUTSIDE" },
  },
  {
    attack: "a record with an absolute path",
    files: { [`${ID}/record.json`]: record({}, [file({ path: "/etc/hostname" })]) },
  },
];

const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function plant(attack: ClonedRun): Promise<{ root: string; outside: string }> {
  const base = await mkdtemp(path.join(os.tmpdir(), "lackpy-cloned-runs-"));
  folders.push(base);
  const root = path.join(base, "ws");
  const outside = path.join(base, "outside");
  await mkdir(path.join(outside, "victim"), { recursive: true });
  await mkdir(path.join(outside, "empty"));
  await writeFile(path.join(outside, "empty", `.${ID}-aa.lackpy-tmp`), "stray\n");
  await writeFile(path.join(outside, "secret"), SECRET);
  await writeFile(path.join(outside, "0"), SECRET);
  await writeFile(path.join(outside, "victim", "data.txt"), "precious\n");
  await writeFile(path.join(outside, ".tok.lackpy-tmp"), "stray\n");
  await writeFile(path.join(outside, "stray.lackpy-tmp"), "stray\n");
  await mkdir(path.join(root, ".lackpy", "runs"), { recursive: true });
  await writeFile(path.join(root, "a.txt"), "a\n");
  await writeFile(path.join(root, ".lackpy", "config.toml"), '[run]\nmode = "in-process"\n');
  const runs = path.join(root, ".lackpy", "runs");
  for (const [name, text] of Object.entries(attack.files)) {
    await mkdir(path.dirname(path.join(runs, name)), { recursive: true });
    await writeFile(path.join(runs, name), text.replaceAll("OUTSIDE", outside));
  }
  for (const [name, target] of Object.entries(attack.links ?? {})) {
    await mkdir(path.dirname(path.join(runs, name)), { recursive: true });
    await symlink(target.replace("OUTSIDE", outside), path.join(runs, name));
  }
  for (const [name, target] of Object.entries(attack.workspaceLinks ?? {}))
    await symlink(target.replace("OUTSIDE", outside), path.join(root, name));
  if (attack.fifo) {
    await mkdir(path.dirname(path.join(runs, attack.fifo)), { recursive: true });
    execFileSync("mkfifo", [path.join(runs, attack.fifo)]);
  }
  return { root, outside };
}

async function outsideIsIntact(outside: string): Promise<void> {
  expect((await readdir(outside)).sort()).toEqual(
    [".tok.lackpy-tmp", "0", "empty", "secret", "stray.lackpy-tmp", "victim"].sort(),
  );
  expect(await readFile(path.join(outside, "victim", "data.txt"), "utf8")).toBe("precious\n");
  expect(await readdir(path.join(outside, "empty"))).toEqual([`.${ID}-aa.lackpy-tmp`]);
}

async function workspaceHasNoSecret(root: string, planted: ClonedRun): Promise<void> {
  const links = Object.keys(planted.workspaceLinks ?? {});
  const names = (await readdir(root)).filter((name) => name !== ".lackpy" && !links.includes(name));
  expect(names).toEqual(["a.txt"]);
  expect(await readFile(path.join(root, "a.txt"), "utf8")).toBe("a\n");
}

describe.skipIf(process.platform === "win32")("runs a clone brings in .lackpy/runs", () => {
  it.each(CLONED_RUNS)(
    "open, undo and a landing leave everything as it was: $attack",
    async (attack) => {
      const { root, outside } = await plant(attack);
      const service = await LackpyService.open({ workspace: root });
      try {
        // Opening recovered (or ignored) every journal.
        await outsideIsIntact(outside);
        await workspaceHasNoSecret(root, attack);
        for (const force of [false, true]) {
          await expect(service.undo(ID, { force })).rejects.toMatchObject({
            code: expect.stringMatching(/^(unknown_run|not_undoable|undo_conflict)$/),
          });
          await expect(service.undo(undefined, { force })).rejects.toMatchObject({
            code: expect.stringMatching(/^(unknown_run|not_undoable|undo_conflict)$/),
          });
        }
        await outsideIsIntact(outside);
        await workspaceHasNoSecret(root, attack);
        // A landing prunes the runs folder: the planted record is never acted on.
        const landed = await service.runProgram(`write_file("b.txt", "b")`, { kit: "files" });
        expect(landed).toMatchObject({ success: true, applied: true });
        await outsideIsIntact(outside);
        expect(existsSync(path.join(root, "stolen.txt"))).toBe(false);
      } finally {
        await service.close();
      }
    },
  );

  it("still undoes a run lackpy recorded, next to the planted ones (control)", async () => {
    const { root, outside } = await plant(CLONED_RUNS[6]);
    const service = await LackpyService.open({ workspace: root });
    try {
      const landed = await service.runProgram(`write_file("a.txt", "changed\\n")`, {
        kit: "files",
      });
      expect(landed.runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{8}$/);
      expect(await readFile(path.join(root, "a.txt"), "utf8")).toBe("changed\n");
      expect(await service.undo(landed.runId!)).toMatchObject({ runId: landed.runId });
      expect(await readFile(path.join(root, "a.txt"), "utf8")).toBe("a\n");
      await outsideIsIntact(outside);
    } finally {
      await service.close();
    }
  });
});
