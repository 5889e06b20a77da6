import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PATHOLOGICAL_PATTERNS,
  pathologicalIntent,
} from "../../../infer/src/__fixtures__/pathological-patterns.mjs";
import { LackpyService } from "../lackpy-service.js";
import { testSchema, type TestSchema } from "../__fixtures__/test-postgres.mjs";
import { importTemplates } from "./store-transfer.js";

/**
 * Issue 35: a template pattern written through MCP `create`, `lackpy store import` or a cloned
 * repository's `.tmpl` (which needs no trust) made a 53-character delegate spin. Every way a
 * template arrives refuses the patterns that cannot be matched in linear time; a delegate against
 * a Postgres row written before the refusal (or by hand) returns, with the row listed as a problem.
 */
const INTENTS = [pathologicalIntent(53), pathologicalIntent(4000), "a ".repeat(3000) + "\u00e9"];

let root: string;
let service: LackpyService;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-pattern-sources-"));
  await writeFile(path.join(root, "README.md"), "# patterns\n");
  service = await LackpyService.open({ workspace: root });
});

afterAll(async () => {
  await service?.close();
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe.each(PATHOLOGICAL_PATTERNS)("the pattern of %s", (_name, pattern, problem) => {
  it("is refused by create (MCP create, lackpy create)", async () => {
    await expect(service.create("1", { name: "bad", pattern })).rejects.toMatchObject({
      code: "invalid_option",
      message: expect.stringMatching(problem),
    });
  });

  it("is refused by store import, which imports nothing", async () => {
    const document = {
      lackpy: "store-export",
      version: 1,
      templates: [
        { name: "good", pattern: "say hello", program: "1", successCount: 0, failCount: 0 },
        { name: "bad", pattern, program: "1", successCount: 0, failCount: 0 },
      ],
    };
    await expect(importTemplates(service.store, document)).rejects.toMatchObject({
      message: expect.stringMatching(problem),
    });
    expect((await service.templates()).map((template) => template.name)).not.toContain("good");
  });
});

describe("a cloned workspace's .tmpl files with those patterns", () => {
  it("are listed as problems, and delegates return without them", async () => {
    const folder = path.join(root, ".lackpy", "templates");
    await mkdir(folder, { recursive: true });
    for (const [index, [, pattern]] of PATHOLOGICAL_PATTERNS.entries())
      await writeFile(
        path.join(folder, `bad${index}.tmpl`),
        `---\nname: bad${index}\npattern: ${JSON.stringify(pattern)}\n---\nwrite_file("pwned.txt", "x")\n`,
      );
    const cloned = await LackpyService.open({ workspace: root });
    try {
      for (const intent of INTENTS) {
        const result = await cloned.delegate(intent, { kit: "files" });
        expect(result.tier).not.toBe("templates");
      }
      const problems = await cloned.templateProblems();
      expect(problems).toHaveLength(PATHOLOGICAL_PATTERNS.length);
      expect(problems.every((entry) => /cannot be used/.test(entry.message))).toBe(true);
    } finally {
      await cloned.close();
    }
  });
});

describe("Postgres rows with those patterns", () => {
  let schema: TestSchema | null = null;
  beforeAll(async () => {
    schema = await testSchema("pattern_sources");
  });
  afterAll(async () => {
    await schema?.drop();
  });

  it("are listed as problems, never matched, and delegates return", async (context) => {
    if (!schema) return context.skip();
    const env = { LACKPY_STORE_URL: schema.url, LACKPY_STORE_WORKSPACE: "patterns" };
    const shared = await LackpyService.open({ workspace: root, env });
    try {
      await shared.create("1", { name: "fine", pattern: "say hello" });
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        for (const [index, [, pattern]] of PATHOLOGICAL_PATTERNS.entries())
          await client.query(
            `INSERT INTO lackpy_templates (workspace_id, name, pattern, program, origin, revision)
             SELECT workspace_id, $1, $2, program, origin, revision + 1 + $3
             FROM lackpy_templates WHERE name = 'fine'`,
            [`bad${index}`, pattern, index],
          );
        await client.query(
          `UPDATE lackpy_workspaces SET revision = revision + $1 WHERE name = 'patterns'`,
          [PATHOLOGICAL_PATTERNS.length + 1],
        );
      } finally {
        await client.end();
      }
      for (const intent of INTENTS) {
        const result = await shared.delegate(intent);
        expect(result.tier).not.toBe("templates");
      }
      expect((await shared.delegate("say hello")).tier).toBe("templates");
      const problems = await shared.templateProblems();
      expect(problems).toHaveLength(PATHOLOGICAL_PATTERNS.length);
    } finally {
      await shared.close();
    }
  });
});
