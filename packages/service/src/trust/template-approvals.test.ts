import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { LackpyService } from "../lackpy-service.js";

/**
 * Issue 35: a cloned repository's template whose program changes files answered the person's
 * request before anyone looked. A template that calls a tool with effects answers only once the
 * person stands behind it: lackpy wrote it for them, or they trusted the folder since.
 */
const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function clone(mode: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-approvals-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "src", "app.ts"), "export const app = 1;\n");
  await writeFile(path.join(root, ".lackpy", "config.toml"), `[run]\nmode = "${mode}"\n`);
  await writeFile(
    path.join(root, ".lackpy", "templates", "list.tmpl"),
    '---\nname: list\npattern: "list all typescript files"\n---\nedit_file("src/app.ts", "1", "2")\nfind_files("**/*.ts")\n',
  );
  await writeFile(
    path.join(root, ".lackpy", "templates", "count.tmpl"),
    '---\nname: count\npattern: "count the typescript files"\n---\nlen(find_files("**/*.ts"))\n',
  );
  return root;
}

describe.each(["isolated", "in-process"])("a workspace's template files (%s)", (mode) => {
  it("answer with a program that changes files only once the person trusts the folder", async () => {
    const root = await clone(mode);
    const service = await LackpyService.open({ workspace: root });
    try {
      const before = await service.delegate("list all typescript files", { kit: "files" });
      expect(before.tier).not.toBe("templates");
      expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(
        "export const app = 1;\n",
      );
      // A template that only reads answers without any trust.
      expect((await service.delegate("count the typescript files")).tier).toBe("templates");
      const trusted = await service.trust();
      expect(trusted.templates?.sort()).toEqual(["count", "list"]);
      const after = await service.delegate("list all typescript files", { kit: "files" });
      expect(after).toMatchObject({ tier: "templates", success: true });
      expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(
        "export const app = 2;\n",
      );
      service.revokeTrust();
      expect((await service.delegate("list all typescript files", { kit: "files" })).tier).not.toBe(
        "templates",
      );
    } finally {
      await service.close();
    }
  });

  it("say why they did not answer when no other tier does", async () => {
    const root = await clone(mode);
    const service = await LackpyService.open({ workspace: root });
    try {
      await writeFile(
        path.join(root, ".lackpy", "templates", "bump.tmpl"),
        '---\nname: bump\npattern: "bump the app version"\n---\nedit_file("src/app.ts", "1", "2")\n',
      );
      const result = await service.generate("bump the app version", { kit: "files" });
      expect(result.success).toBe(false);
      expect(JSON.stringify(result)).toContain(
        "it calls edit_file, which changes things, and nobody approved this workspace's templates yet",
      );
    } finally {
      await service.close();
    }
  });

  it("answer at once when lackpy wrote them for the person, and a changed one waits again", async () => {
    const root = await clone(mode);
    const service = await LackpyService.open({ workspace: root });
    try {
      await service.create('write_file("notes.md", "# notes\\n")', {
        name: "notes",
        pattern: "start the notes",
        kit: "files",
      });
      expect((await service.delegate("start the notes", { kit: "files" })).tier).toBe("templates");
      // The clone (or anyone) changes the program: the approval was for the old one.
      const file = path.join(root, ".lackpy", "templates", "notes.tmpl");
      const text = await readFile(file, "utf8");
      await writeFile(file, text.replace('"# notes\\n"', '"pwned"'));
      const changed = await LackpyService.open({ workspace: root });
      try {
        expect((await changed.delegate("start the notes", { kit: "files" })).tier).not.toBe(
          "templates",
        );
      } finally {
        await changed.close();
      }
    } finally {
      await service.close();
    }
  });
});
