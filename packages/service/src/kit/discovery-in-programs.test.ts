/**
 * `search_tools` and `describe_tool` called by a program in a kit past 40 tools, through the
 * service and the interpreter, in both run modes: pure helpers that answer from the kit's specs,
 * and nothing a program can turn into a call of a tool outside its kit.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMockProvider, type Toolbox } from "@lackpy/kit";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const THINGS = ["issue", "ticket", "invoice", "event", "page", "alert"];
const VERBS = ["list", "get", "create", "close", "archive", "export", "count", "tag"];
const NAMES = THINGS.flatMap((thing) => VERBS.map((verb) => `svc_${verb}_${thing}`));
const folders: string[] = [];

/** 48 tools of a made-up server, each returning its own name. */
function registerServerTools(toolbox: Toolbox): void {
  toolbox.registerProvider(
    createMockProvider(Object.fromEntries(NAMES.map((name) => [name, name])), { name: "svc" }),
  );
  for (const name of NAMES) {
    const [, verb, thing] = name.split("_");
    toolbox.registerTool({
      name,
      provider: "svc",
      description: `${verb[0].toUpperCase()}${verb.slice(1)} one ${thing} of the service.`,
      args: [{ name: "id", type: "string", description: `The ${thing}'s id` }],
      returns: `{ id: string, ${thing}: string }`,
      gradeW: verb === "list" || verb === "get" ? 1 : 2,
      effectsCeiling: verb === "list" || verb === "get" ? 0 : 2,
    });
  }
}

async function open(mode: "isolated" | "in-process"): Promise<LackpyService> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-discovery-"));
  folders.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = mode;
  return LackpyService.open({ workspace: root, config, extendToolbox: registerServerTools });
}

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.each(["isolated", "in-process"] as const)(
  "discovery helpers in a program (%s)",
  (mode) => {
    const kit = ["read_file", "find_files", ...NAMES];

    it("finds tools by a few words and describes one", async () => {
      const service = await open(mode);
      try {
        const program = [
          'const found = search_tools("close invoice", 3)',
          "const first = describe_tool(found[0].name)",
          "const answer = { names: found.map(match => match.name), args: first.args.map(arg => arg.name), returns: first.returns }",
          "answer",
        ].join("\n");
        const validation = await service.validate(program, { kit });
        expect(validation.errors).toEqual([]);
        const result = await service.runProgram(program, { kit });
        expect(result.error).toBeNull();
        expect(result.output).toEqual({
          names: expect.arrayContaining(["svc_close_invoice"]),
          args: ["id"],
          returns: "{ id: string, invoice: string }",
        });
        expect((result.output as { names: string[] }).names[0]).toBe("svc_close_invoice");
      } finally {
        await service.close();
      }
    });

    it("describes no tool outside the kit, naming the nearest, as a tool error", async () => {
      const service = await open(mode);
      try {
        const result = await service.runProgram('describe_tool("write_file")', { kit });
        expect(result.success).toBe(false);
        expect(result.error).toMatchObject({ code: "tool_error", tool: "describe_tool" });
        expect(result.error?.message).toContain("write_file");
      } finally {
        await service.close();
      }
    });

    it("does not let a found name become a call: a program calls only the tools it names", async () => {
      const service = await open(mode);
      try {
        const validation = await service.validate(
          'const name = search_tools("close invoice")[0].name\nname("x")',
          { kit },
        );
        expect(validation.valid).toBe(false);
        expect(validation.errors.map((error) => error.code)).toEqual(["unknown_function"]);
      } finally {
        await service.close();
      }
    });
  },
);
