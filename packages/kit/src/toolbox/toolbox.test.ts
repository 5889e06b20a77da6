import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";
import { createMockProvider } from "./create-mock-provider.js";
import { KitError } from "../kit-error.js";
import { NODE_BUILTIN_MODULES, maskedNameWarning } from "./masked-names.js";
import { Toolbox } from "./toolbox.js";

describe("Toolbox", () => {
  it("lists tools in registration order and gets them by name", () => {
    const toolbox = new Toolbox();
    for (const name of ["zeta", "alpha", "mid"]) toolbox.registerTool({ name });
    expect(toolbox.list().map((tool) => tool.name)).toEqual(["zeta", "alpha", "mid"]);
    expect(toolbox.get("alpha")).toEqual({ name: "alpha" });
    expect(toolbox.get("nope")).toBeUndefined();
    expect(toolbox.has("mid")).toBe(true);
  });

  it("returns a warning when a tool name masks a Node module, a global or a helper", () => {
    const toolbox = new Toolbox();
    expect(toolbox.registerTool({ name: "fs" })).toMatchInlineSnapshot(`
      [
        "Tool name 'fs' masks the Node builtin module 'fs'; small models may write fs.something(...) or import fs instead of calling the tool. Consider a more specific name such as 'fs_tool' or a verb like 'read_fs'.",
      ]
    `);
    expect(toolbox.registerTool({ name: "fetch" })[0]).toContain("masks the global 'fetch'");
    expect(toolbox.registerTool({ name: "len" })[0]).toContain("masks the lackpy helper len()");
    expect(toolbox.registerTool({ name: "grep_files" })).toEqual([]);
    expect(toolbox.warnings).toHaveLength(3);
  });

  it("knows every Node builtin module of this Node", () => {
    const current = builtinModules.filter((name) => !name.startsWith("_") && !name.includes("/"));
    expect([...NODE_BUILTIN_MODULES].sort()).toEqual(expect.arrayContaining(current.sort()));
    for (const name of ["path", "child_process", "Math", "JSON", "process", "print"])
      expect(maskedNameWarning(name)).toBeDefined();
  });

  it.each(["read file", "1st", "delete", "new", "", "a-b"])("refuses the tool name %j", (name) => {
    expect(() => new Toolbox().registerTool({ name })).toThrow(KitError);
  });

  it.each([
    [{ name: "t", gradeW: 4 }, "Tool 't': gradeW is 4."],
    [{ name: "t", effectsCeiling: 1.5 }, "Tool 't': effectsCeiling is 1.5."],
    [
      { name: "t", args: [{ name: "a b", type: "string" }] },
      `Tool 't': the argument {"name":"a b","type":"string"} needs a name and a type.`,
    ],
    [
      { name: "t", args: [{ name: "a" }] },
      `Tool 't': the argument {"name":"a"} needs a name and a type.`,
    ],
    [
      {
        name: "t",
        args: [
          { name: "a", type: "string" },
          { name: "a", type: "number" },
        ],
      },
      "Tool 't': the argument 'a' is declared twice.",
    ],
  ])("refuses the malformed spec %j", (spec, message) => {
    expect(() => new Toolbox().registerTool(spec as never)).toThrow(message);
  });

  it.each([
    ["an MCP tool without a word on secrets", { provider: "mcp" }, false],
    ["a module tool without a word on secrets", { provider: "module" }, false],
    ["a module tool that accepts secrets", { provider: "module", acceptsSecrets: true }, true],
    ["an MCP tool that refuses them", { provider: "mcp", acceptsSecrets: false }, false],
    ["a mock tool", { provider: "mock" }, undefined],
    ["a builtin tool", {}, undefined],
  ])("registers %s with the acceptsSecrets its provider calls for", (_name, fields, accepts) => {
    const toolbox = new Toolbox();
    toolbox.registerTool({ name: "echo", ...fields });
    expect(toolbox.get("echo")?.acceptsSecrets).toBe(accepts);
  });

  it("refuses a second tool of the same name", () => {
    const toolbox = new Toolbox();
    toolbox.registerTool({ name: "grep_files" });
    expect(() => toolbox.registerTool({ name: "grep_files" })).toThrow(
      "Tool 'grep_files' is already registered.",
    );
  });

  it("resolves a callable through its provider once", async () => {
    let resolutions = 0;
    const toolbox = new Toolbox().registerProvider({
      name: "counter",
      resolve: () => {
        resolutions++;
        return () => resolutions;
      },
    });
    toolbox.registerTool({ name: "count_calls", provider: "counter" });
    expect(await toolbox.resolve("count_calls")).toBe(await toolbox.resolve("count_calls"));
    expect(resolutions).toBe(1);
  });

  it("retries a resolution that failed", async () => {
    let fail = true;
    const toolbox = new Toolbox().registerProvider({
      name: "flaky",
      resolve: () => {
        if (fail) throw new Error("not yet");
        return () => "ok";
      },
    });
    toolbox.registerTool({ name: "flaky_tool", provider: "flaky" });
    await expect(toolbox.resolve("flaky_tool")).rejects.toThrow("not yet");
    fail = false;
    expect(await (await toolbox.resolve("flaky_tool"))()).toBe("ok");
  });

  it("refuses unknown tools and providers, listing what exists", async () => {
    const toolbox = new Toolbox().registerProvider(createMockProvider({ a_tool: 1 }));
    toolbox.registerTool({ name: "a_tool", provider: "mock" });
    toolbox.registerTool({ name: "b_tool" });
    await expect(toolbox.resolve("c_tool")).rejects.toMatchObject({
      code: "unknown_tool",
      message: "No tool named 'c_tool'.",
      hint: "did you mean a_tool? known tools: a_tool, b_tool",
    });
    await expect(toolbox.resolve("b_tool")).rejects.toMatchObject({
      code: "unknown_provider",
      message: "Tool 'b_tool' needs the provider 'builtin', which is not registered.",
      hint: "registered providers: mock",
    });
  });

  it("describes tools by name or under aliases, with argument types", () => {
    const toolbox = new Toolbox();
    toolbox.registerTool({
      name: "read_file",
      description: "Read a UTF-8 text file from the workspace.",
      args: [{ name: "path", type: "string" }],
      returns: "string",
    });
    toolbox.registerTool({
      name: "search",
      args: [
        { name: "query", type: "string" },
        { name: "limit", type: "number", optional: true },
      ],
    });
    expect(toolbox.describe(["read_file", "search"])).toMatchInlineSnapshot(`
      "read_file(path: string) -> string — Read a UTF-8 text file from the workspace.
      search(query: string, limit?: number) -> any"
    `);
    expect(toolbox.describe({ cat: "read_file" })).toMatchInlineSnapshot(
      `"cat(path: string) -> string — Read a UTF-8 text file from the workspace. (alias of read_file)"`,
    );
    expect(() => toolbox.describe(["nope"])).toThrow("No tool named 'nope'.");
  });
});
