import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockProvider } from "./create-mock-provider.js";
import { createModuleProvider } from "./create-module-provider.js";
import { KitError } from "../kit-error.js";
import { Toolbox } from "./toolbox.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-module-"));
  await writeFile(
    path.join(root, "tools.mjs"),
    "export function shout(text) { return String(text).toUpperCase() }\nexport const notAFunction = 1\n",
  );
  await writeFile(path.join(root, "broken.mjs"), "export const = ;\n");
  await mkdir(path.join(root, "node_modules/my-tools"), { recursive: true });
  await writeFile(
    path.join(root, "node_modules/my-tools/package.json"),
    JSON.stringify({ name: "my-tools", main: "index.js" }),
  );
  await writeFile(
    path.join(root, "node_modules/my-tools/index.js"),
    "exports.count_words = (t) => t.split(' ').length\n",
  );
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("createModuleProvider", () => {
  const resolve = async (providerConfig: Record<string, unknown>, name = "shout") =>
    createModuleProvider({ baseDir: root }).resolve({ name, provider: "module", providerConfig });

  it("loads an exported function relative to the base folder", async () => {
    expect((await resolve({ module: "./tools.mjs", export: "shout" }))("hi")).toBe("HI");
    expect((await resolve({ module: "./tools.mjs" }))("a")).toBe("A");
    expect((await resolve({ module: path.join(root, "tools.mjs") }))("b")).toBe("B");
  });

  it("loads a package installed for the base folder", async () => {
    expect((await resolve({ module: "my-tools" }, "count_words"))("a b c")).toBe(3);
  });

  it.each([
    [{}, "invalid_tool", "Tool 'shout' needs providerConfig.module, the path of its JS module."],
    [
      { module: "./tools.mjs", export: "notAFunction" },
      "tool_load_failed",
      "Tool 'shout': the module ./tools.mjs has no exported function 'notAFunction'.",
    ],
    [
      { module: "./missing.mjs" },
      "tool_load_failed",
      "Tool 'shout': cannot load the module ./missing.mjs:",
    ],
    [
      { module: "./broken.mjs" },
      "tool_load_failed",
      "Tool 'shout': cannot load the module ./broken.mjs:",
    ],
    [
      { module: "not-installed-anywhere" },
      "tool_load_failed",
      "Tool 'shout': cannot load the module not-installed-anywhere:",
    ],
  ])("refuses %j", async (config, code, message) => {
    const error = await resolve(config).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(KitError);
    expect((error as KitError).code).toBe(code);
    expect((error as KitError).message.startsWith(message)).toBe(true);
  });

  it("lists the module's exports when the export is missing", async () => {
    const error = await resolve({ module: "./tools.mjs", export: "whisper" }).catch(
      (caught: KitError) => caught,
    );
    expect((error as KitError).hint).toBe("its exported functions: shout");
  });
});

describe("createMockProvider", () => {
  it("returns fixed outputs as fresh copies, computes outputs and records calls", async () => {
    const mock = createMockProvider({
      weather: { temp: 20 },
      add: (a: number, b: number) => a + b,
    });
    const toolbox = new Toolbox().registerProvider(mock);
    toolbox.registerTool({ name: "weather", provider: "mock" });
    toolbox.registerTool({ name: "add", provider: "mock" });
    const weather = await toolbox.resolve("weather");
    const first = weather("paris") as { temp: number };
    first.temp = 99;
    expect(weather("oslo")).toEqual({ temp: 20 });
    expect((await toolbox.resolve("add"))(2, 3)).toBe(5);
    expect(mock.calls).toEqual([
      { tool: "weather", args: ["paris"] },
      { tool: "weather", args: ["oslo"] },
      { tool: "add", args: [2, 3] },
    ]);
  });

  it("refuses a tool it has no output for", () => {
    expect(() => createMockProvider({ a: 1 }).resolve({ name: "b" })).toThrow(
      "The mock provider has no output for 'b'.",
    );
  });
});
