import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";

/**
 * A run's writes may be made from files it only read (`write_file("b", read_file("a"))`), or from
 * having found a file missing (`find_files`, `list_folder`): when another instance changed such a
 * file after the run looked, the run is refused with `stale_change` and the other change stays
 * (decision 127). What the run read after its last write holds no write, and does not refuse it.
 * The other instance is another process landing its own run, between the run's look and its
 * write (a module tool starts it), or between a dry run and its apply. A listing that found a
 * file missing is taken again at landing even when the run wrote another file (decision 160).
 */
const OTHER_INSTANCE = fileURLToPath(
  new URL("../__fixtures__/killed-after-run.mjs", import.meta.url),
);
const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Lands `program` as another instance would (another process, another caller). */
const OTHER = (root: string, program: string) =>
  `spawnSync(process.execPath, ${JSON.stringify([OTHER_INSTANCE, root, program, "tok_b"])}, { encoding: "utf8" })`;

/** A workspace with `a.txt`; its module tools `change_a()` and `create_new()` have another instance land a change. */
async function workspace(mode: string) {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-read-checks-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await mkdir(path.join(root, "tools"));
  await writeFile(path.join(root, "a.txt"), "one\n");
  await writeFile(
    path.join(root, "tools/other.mjs"),
    `import { spawnSync } from "node:child_process";
export function change_a() { return JSON.parse(${OTHER(root, `write_file("a.txt", "theirs\\n")`)}.stdout).success; }
export function create_new() { return JSON.parse(${OTHER(root, `write_file("new.txt", "theirs\\n")`)}.stdout).success; }\n`,
  );
  const tool = (name: string) =>
    `[tools.${name}]\nprovider = "module"\nmodule = "./tools/other.mjs"\nargs = []\ngrade_w = 1\n`;
  await writeFile(
    path.join(root, ".lackpy/config.toml"),
    `[run]\nmode = "${mode}"\n\n${tool("change_a")}\n${tool("create_new")}`,
  );
  return root;
}

const KIT = ["read_file", "write_file", "find_files", "list_folder", "change_a", "create_new"];
const read = (root: string, file: string) =>
  readFile(path.join(root, file), "utf8").catch(() => null);

describe.each(["isolated", "in-process"])(
  "files a run looked at and did not write (%s)",
  (mode) => {
    it("refuses a write made from a file changed since the run read it", async () => {
      const root = await workspace(mode);
      const service = await LackpyService.open({ workspace: root, trust: true });
      const run = await service.runProgram(
        `const a = read_file("a.txt")\nchange_a()\nwrite_file("b.txt", a + "mine\\n")`,
        { kit: KIT, caller: "tok_a" },
      );
      expect(run.success).toBe(false);
      expect(run.error?.code).toBe("stale_change");
      expect(run.error?.message).toContain(
        "'a.txt' was changed by someone else after this run read it",
      );
      expect(await read(root, "b.txt")).toBeNull();
      expect(await read(root, "a.txt")).toBe("theirs\n");
      await service.close();
    });

    it("refuses to apply a dry run made from a file changed since", async () => {
      const root = await workspace(mode);
      const service = await LackpyService.open({ workspace: root, trust: true });
      const dry = await service.runProgram(`write_file("b.txt", read_file("a.txt") + "mine\\n")`, {
        kit: KIT,
        caller: "tok_a",
        dryRun: true,
      });
      expect(dry.changeId).toBeTruthy();
      await writeFile(path.join(root, "a.txt"), "changed by hand\n");
      await expect(service.applyChanges(dry.changeId!, { caller: "tok_a" })).rejects.toMatchObject({
        code: "stale_change",
        file: "a.txt",
      });
      expect(await read(root, "b.txt")).toBeNull();
      await service.close();
    });

    it("does not refuse for a file read after the run's last write", async () => {
      const root = await workspace(mode);
      const service = await LackpyService.open({ workspace: root, trust: true });
      const run = await service.runProgram(
        `write_file("b.txt", "mine\\n")\nconst a = read_file("a.txt")\nchange_a()\na`,
        { kit: KIT, caller: "tok_a" },
      );
      expect(run.error ?? null).toBeNull();
      expect(run.applied).toBe(true);
      expect(await read(root, "b.txt")).toBe("mine\n");
      const dry = await service.runProgram(`write_file("c.txt", "mine\\n")\nread_file("a.txt")`, {
        kit: KIT,
        caller: "tok_a",
        dryRun: true,
      });
      await writeFile(path.join(root, "a.txt"), "changed by hand\n");
      await service.applyChanges(dry.changeId!, { caller: "tok_a" });
      expect(await read(root, "c.txt")).toBe("mine\n");
      await service.close();
    });

    it.each([
      ["find_files", `find_files("new.txt").length === 0`],
      ["list_folder", `!list_folder(".").some((entry) => entry.name === "new.txt")`],
    ])(
      "refuses to create a file another instance created after %s found it missing",
      async (_tool, missing) => {
        const root = await workspace(mode);
        const service = await LackpyService.open({ workspace: root, trust: true });
        const run = await service.runProgram(
          `const missing = ${missing}\ncreate_new()\nif (missing) write_file("new.txt", "mine\\n")`,
          { kit: KIT, caller: "tok_a" },
        );
        expect(run.success).toBe(false);
        expect(run.error).toMatchObject({ tool: "write_file", line: 3 });
        expect(run.error?.message).toContain(
          "'new.txt' was created by someone else after this run found it missing; nothing was written.",
        );
        expect(await read(root, "new.txt")).toBe("theirs\n");
        await service.close();
      },
    );

    // Decision 160: the file found missing is not the one written; the landing takes the
    // listing again and finds it.
    it.each([
      ["find_files", `find_files("new.txt").length === 0`],
      ["a bulk walk (file_sizes)", `file_sizes("*.txt").every((row) => row.file !== "new.txt")`],
      ["list_folder", `!list_folder(".").some((entry) => entry.name === "new.txt")`],
    ])(
      "refuses a run that wrote another file after %s found one missing that was created since",
      async (_tool, missing) => {
        const root = await workspace(mode);
        const service = await LackpyService.open({ workspace: root, trust: true });
        const run = await service.runProgram(
          `const missing = ${missing}\ncreate_new()\nif (missing) write_file("out.txt", "free\\n")`,
          { kit: [...KIT, "file_sizes"], caller: "tok_a" },
        );
        expect(run.success).toBe(false);
        expect(run.error?.code).toBe("stale_change");
        expect(run.error?.message).toContain(
          "'new.txt' was created by someone else after this run found it missing",
        );
        expect(await read(root, "out.txt")).toBeNull();
        expect(await read(root, "new.txt")).toBe("theirs\n");
        await service.close();
      },
    );

    it("refuses to apply a dry run whose listing shows a file created since", async () => {
      const root = await workspace(mode);
      const service = await LackpyService.open({ workspace: root, trust: true });
      const dry = await service.runProgram(
        `if (!find_files("*.txt").includes("new.txt")) write_file("out.txt", "free\\n")`,
        { kit: KIT, caller: "tok_a", dryRun: true },
      );
      expect(dry.changeId).toBeTruthy();
      await writeFile(path.join(root, "new.txt"), "made by hand\n");
      await expect(service.applyChanges(dry.changeId!, { caller: "tok_a" })).rejects.toMatchObject({
        code: "stale_change",
        file: "new.txt",
      });
      expect(await read(root, "out.txt")).toBeNull();
      await service.close();
    });

    it("lands when a listing shows only the run's own files, or came after the last write", async () => {
      const root = await workspace(mode);
      const service = await LackpyService.open({ workspace: root, trust: true });
      const own = await service.runProgram(
        `find_files("*.txt")\nwrite_file("out.txt", "mine\\n")`,
        { kit: KIT, caller: "tok_a", dryRun: true },
      );
      await service.applyChanges(own.changeId!, { caller: "tok_a" });
      expect(await read(root, "out.txt")).toBe("mine\n");
      const after = await service.runProgram(
        `write_file("late.txt", "mine\\n")\nconst found = find_files("*.txt")\ncreate_new()\nfound`,
        { kit: KIT, caller: "tok_a" },
      );
      expect(after.error ?? null).toBeNull();
      expect(after.applied).toBe(true);
      await service.close();
    });
  },
);
