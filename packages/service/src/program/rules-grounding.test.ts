import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
let root: string;
let service: LackpyService;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-grounding-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, "secrets"));
  await writeFile(path.join(root, "secrets/key.md"), "# TODO: rotate\n");
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  config.files.protected = ["secrets"];
  service = new LackpyService({ workspace: root, config });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe("the rules tier in the service", () => {
  it("grounds the folders and files a request names in the workspace", async () => {
    expect(await service.delegate("list the files in src")).toMatchObject({
      success: true,
      tier: "rules",
      output: ["src/cli.py", "src/inventory.ts", "src/report.ts"],
    });
    expect(await service.delegate("how many lines in docs/usage.md")).toMatchObject({
      success: true,
      tier: "rules",
      output: 3,
    });
  });

  it("does not answer a request whose folder is not there, and says what comes close", async () => {
    const result = await service.delegate("list the files in klingon");
    expect(result).toMatchObject({ success: false, tier: null });
    expect(result.error).toMatchObject({
      code: "generation_failed",
      tiers: expect.arrayContaining([
        {
          provider: "rules",
          reason: "no match; 'klingon' is not a folder or file in the workspace",
          suggestion: {
            rule: "list-files",
            summary: "list files by kind or folder",
            example: expect.any(String),
          },
        },
      ]),
    });
  });

  it("never grounds a path the config protects", async () => {
    expect((await service.delegate("list the files in secrets")).success).toBe(false);
    expect((await service.delegate("show secrets/key.md")).success).toBe(false);
    expect(await service.delegate("which files have TODOs in them")).toMatchObject({
      tier: "rules",
      output: ["README.md", "src/cli.py", "src/inventory.ts", "src/report.ts"],
    });
  });

  it("lists the rules with their example phrasings, and which the kit can use", async () => {
    const rules = await service.rules();
    expect(rules.length).toBeGreaterThan(20);
    expect(rules.find((rule) => rule.id === "todos")).toMatchObject({
      available: true,
      examples: expect.arrayContaining(["list the todos"]),
    });
    expect(rules.find((rule) => rule.id === "append-line")?.available).toBe(false);
    expect(
      (await service.rules("files")).find((rule) => rule.id === "append-line")?.available,
    ).toBe(true);
  });
});
