import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { listingCachePath } from "../kit/mcp-listing-cache.js";
import { LackpyService } from "../lackpy-service.js";
import { TemplateApprovals } from "./template-approvals.js";
import { readTrustRecord, stateDir, trustRecordPath } from "./trust-store.js";

/**
 * Issue 35: a trust record that is a FIFO hung `lackpy status`; one linked to `/dev/zero` read
 * without end. Every file lackpy reads from the user's state folder (trust records, template
 * approvals, the MCP listing cache) is read as a regular file of bounded size: anything else
 * trusts, approves and lists nothing, and nothing waits.
 */
const KINDS = {
  "a FIFO": (file: string) => execFileSync("mkfifo", [file]),
  "a link to /dev/zero": (file: string) => symlink("/dev/zero", file),
  "a link to /dev/stdin": (file: string) => symlink("/dev/stdin", file),
  "a folder": (file: string) => mkdir(file),
  "a file of 40 MiB": (file: string) => writeFile(file, Buffer.alloc(40 * 1024 * 1024, 32)),
} as const;

const STATE_FILES = {
  "the trust record": trustRecordPath,
  "the template approvals": (workspace: string) => new TemplateApprovals(workspace).file,
  "the MCP listing cache": listingCachePath,
} as const;

const folders: string[] = [];
let previous: string | undefined;
let root: string;

beforeEach(async () => {
  previous = process.env.XDG_STATE_HOME;
  const base = await mkdtemp(path.join(os.tmpdir(), "lackpy-state-files-"));
  folders.push(base);
  process.env.XDG_STATE_HOME = path.join(base, "state");
  root = path.join(base, "ws");
  await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
  await writeFile(path.join(root, ".lackpy", "config.toml"), '[run]\nmode = "in-process"\n');
  await writeFile(
    path.join(root, ".lackpy", "templates", "touch.tmpl"),
    '---\nname: touch\npattern: "touch the notes"\n---\nwrite_file("notes.txt", "x")\n',
  );
});

afterEach(() => {
  if (previous === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previous;
});

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.skipIf(process.platform === "win32")("state files that are not regular files", () => {
  for (const [stateName, fileOf] of Object.entries(STATE_FILES))
    it.each(Object.entries(KINDS))(`${stateName} as %s is read as nothing`, async (_kind, make) => {
      const file = fileOf(root);
      expect(file.startsWith(stateDir())).toBe(true);
      await mkdir(path.dirname(file), { recursive: true });
      await make(file);
      expect(readTrustRecord(file)).toBeNull();
      const service = await LackpyService.open({ workspace: root });
      try {
        const status = await service.status();
        expect(status.trust.state).toBe("not_needed");
        // The planted template changes files, and nothing approved it.
        const result = await service.delegate("touch the notes", { kit: "files" });
        expect(result.tier).not.toBe("templates");
        expect(
          new TemplateApprovals(root).has({
            name: "touch",
            pattern: "touch the notes",
            program: 'write_file("notes.txt", "x")',
          }),
        ).toBe(false);
      } finally {
        await service.close();
      }
    });
});
