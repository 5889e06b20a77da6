import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import type { ApprovalRequest } from "../change-types.js";
import { LackpyService } from "../lackpy-service.js";

const folders: string[] = [];

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(prefix: string): Promise<string> {
  const created = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(created);
  return created;
}

/** A workspace with a module tool `notify` that appends to a log outside it, and `requires_approval` as given. */
async function notifyWorkspace(mode: string, requiresApproval: boolean) {
  const root = await folder("lackpy-approve-");
  const log = path.join(await folder("lackpy-approve-log-"), "sent.log");
  await mkdir(path.join(root, ".lackpy"));
  await mkdir(path.join(root, "tools"));
  await writeFile(
    path.join(root, "tools/notify.mjs"),
    `import { appendFileSync } from "node:fs";\nexport function notify(text) { appendFileSync(${JSON.stringify(log)}, text + "\\n"); return "sent"; }\n`,
  );
  await writeFile(
    path.join(root, ".lackpy/config.toml"),
    `[run]\nmode = "${mode}"\n\n[tools.notify]\nprovider = "module"\nmodule = "./tools/notify.mjs"\nargs = ["text: string"]\ngrade_w = 1\n${requiresApproval ? "requires_approval = true\n" : ""}`,
  );
  const sent = () => readFile(log, "utf8").catch(() => "");
  return { root, sent };
}

describe.each(["isolated", "in-process"])("requires_approval (%s)", (mode) => {
  it("asks before every real call, and calls only what was approved", async () => {
    const { root, sent } = await notifyWorkspace(mode, true);
    const service = await LackpyService.open({ workspace: root, trust: true });
    expect(service.config().tools.notify.requiresApproval).toBe(true);
    const asked: ApprovalRequest[] = [];
    const answers = ["yes", "no"] as const;
    const result = await service.runProgram(`notify("one")\nnotify("two")`, {
      kit: "notify",
      approve: async (request) => {
        asked.push(request);
        return answers[asked.length - 1];
      },
    });
    expect(asked).toEqual([
      { kind: "call", tool: "notify", args: ["one"] },
      { kind: "call", tool: "notify", args: ["two"] },
    ]);
    expect(result.error).toMatchObject({ code: "tool_error", tool: "notify", line: 2 });
    expect(result.error?.message).toBe(
      "Tool notify failed: The person declined the call of notify.",
    );
    expect(await sent()).toBe("one\n");
    await service.close();
  });

  it("refuses every call when nobody can be asked, and never calls it in a dry run", async () => {
    const { root, sent } = await notifyWorkspace(mode, true);
    const service = await LackpyService.open({ workspace: root, trust: true });
    const refused = await service.runProgram(`notify("x")`, { kit: "notify" });
    expect(refused.error?.message).toContain("notify requires a person's approval for every call");
    expect(refused.error?.hint).toContain("--approve");
    // Grade w=1 would be called in a dry run; requires_approval keeps it pending.
    const dry = await service.runProgram(`notify("y")\n"ok"`, { kit: "notify", dryRun: true });
    expect(dry).toMatchObject({ success: true, pending: [{ tool: "notify", args: ["y"] }] });
    expect(await sent()).toBe("");
    await service.close();
  });

  it("calls a tool without requires_approval as before", async () => {
    const { root, sent } = await notifyWorkspace(mode, false);
    const service = await LackpyService.open({ workspace: root, trust: true });
    expect((await service.runProgram(`notify("z")`, { kit: "notify" })).output).toBe("sent");
    expect(await sent()).toBe("z\n");
    await service.close();
  });
});

describe("a dry run of delegate", () => {
  it("lands nothing and leaves the ratchet and the template counters as they were", async () => {
    const root = await folder("lackpy-dry-delegate-");
    await mkdir(path.join(root, ".lackpy"));
    await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "in-process"\n`);
    const service = await LackpyService.open({ workspace: root, trust: true });
    await service.create(`write_file("notes/" + name + ".md", "# " + name + "\\n")`, {
      name: "note",
      pattern: "make a note called {name}",
      kit: "files",
    });
    await service.flush();
    const lackpyBefore = await listing(path.join(root, ".lackpy"));
    const dry = await service.delegate("make a note called plans", { kit: "files", dryRun: true });
    expect(dry).toMatchObject({
      success: true,
      tier: "templates",
      dryRun: true,
      applied: false,
      runId: null,
    });
    expect(dry.changes).toEqual([
      {
        path: "notes/plans.md",
        action: "create",
        diff: "--- /dev/null\n+++ b/notes/plans.md\n@@ -0,0 +1 @@\n+# plans\n",
      },
    ]);
    await service.flush();
    expect(await listing(path.join(root, ".lackpy"))).toEqual(lackpyBefore);
    expect((await service.templates())[0]).toMatchObject({ successCount: 0, failCount: 0 });
    await expect(stat(path.join(root, "notes"))).rejects.toThrow();

    await service.applyChanges(dry.changeId!);
    expect(await readFile(path.join(root, "notes/plans.md"), "utf8")).toBe("# plans\n");
    const real = await service.delegate("make a note called later", { kit: "files" });
    expect(real).toMatchObject({ applied: true, filesModified: ["notes/later.md"] });
    expect((await service.templates())[0]).toMatchObject({ successCount: 1 });
    await service.close();
  });
});

/** Every entry under a folder with its size and content, for before/after comparisons. */
async function listing(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const name of (await readdir(root, { recursive: true })) as string[]) {
    // A dry run's changes are kept for applyChanges; nothing else may change.
    if (name.startsWith("pending")) continue;
    const info = await stat(path.join(root, name));
    entries[name] = info.isDirectory() ? "folder" : await readFile(path.join(root, name), "utf8");
  }
  return entries;
}
