import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CONFIG_TEMPLATE, parseConfig } from "@lackpy/service";
import { afterAll, describe, expect, it } from "vitest";
import { addProviderToConfig } from "./add-provider-to-config.js";
import { memoryIo } from "../io/cli-io.js";
import { main } from "../main.js";

describe("addProviderToConfig", () => {
  it.each([
    ["the config init writes", CONFIG_TEMPLATE, ["templates", "rules", "ollama", "anthropic"]],
    ["an empty file", "", ["templates", "rules", "ollama", "anthropic"]],
    [
      "an [inference] table without order",
      `[inference]\nmax_attempts = 2\n`,
      ["templates", "rules", "ollama", "anthropic"],
    ],
    [
      "an order with a comment",
      `[inference]\norder = ["rules"] # fast first\n`,
      ["rules", "anthropic"],
    ],
    [
      "a provider table only",
      `[inference.providers.ollama]\nmodel = "m"\n`,
      ["templates", "rules", "ollama", "anthropic"],
    ],
  ])("adds anthropic to %s, keeping the rest", (_name, text, order) => {
    const next = addProviderToConfig(text, { key: "anthropic", plugin: "anthropic" });
    const config = parseConfig(next);
    expect(config.inference.order).toEqual(order);
    expect(config.inference.providers.anthropic).toMatchObject({
      plugin: "anthropic",
      model: parseConfig("").inference.providers.anthropic.model,
    });
    for (const line of text.split("\n").filter((line) => line.startsWith("#")))
      expect(next).toContain(line);
    expect(addProviderToConfig(next, { key: "anthropic", plugin: "anthropic" })).toBe(next);
  });

  it("writes a named provider with its settings", () => {
    const next = addProviderToConfig(CONFIG_TEMPLATE, {
      key: "big",
      plugin: "ollama",
      model: "qwen2.5-coder:32b",
      host: "http://gpu-box:11434",
    });
    expect(parseConfig(next).inference.providers.big).toEqual({
      plugin: "ollama",
      model: "qwen2.5-coder:32b",
      host: "http://gpu-box:11434",
    });
    expect(parseConfig(next).inference.order.at(-1)).toBe("big");
  });

  it.each([
    [`[inference]\norder = [\n  "rules",\n]\n`, { key: "anthropic" }, "spans several lines"],
    [
      `[inference.providers.anthropic]\nmodel = "x"\n`,
      { key: "anthropic", model: "y" },
      "already in config.toml",
    ],
    [
      `[inference.providers.local]\nplugin = "ollama"\n`,
      { key: "local" },
      "already configured with plugin ollama",
    ],
    ["", { key: "a b" }, "is not a provider key"],
    [`[run]\nmode = "fast"\n`, { key: "anthropic" }, "run.mode"],
  ])("refuses %j with %j", (text, options, message) => {
    expect(() =>
      addProviderToConfig(text, { plugin: "anthropic", ...options } as Parameters<
        typeof addProviderToConfig
      >[1]),
    ).toThrow(message);
  });
});

describe("lackpy provider add", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("creates the config, adds anthropic to the order, and says what is missing", async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-provider-"));
    dirs.push(workspace);
    const io = memoryIo({ cwd: workspace });
    expect(await main(["provider", "add", "anthropic"], io)).toBe(0);
    expect(io.out).toBe(
      `created .lackpy/config.toml\nadded anthropic (anthropic, model ${parseConfig("").inference.providers.anthropic.model}) to .lackpy/config.toml; order: templates → rules → ollama → anthropic\n`,
    );
    expect(io.err).toBe(
      "note: anthropic does not answer yet: No Anthropic API key for the 'anthropic' provider: set ANTHROPIC_API_KEY.\n",
    );
    const text = await readFile(path.join(workspace, ".lackpy", "config.toml"), "utf8");
    expect(parseConfig(text).inference.order).toContain("anthropic");
    const listed = memoryIo({ cwd: workspace, env: { ANTHROPIC_API_KEY: "k" } });
    await main(["provider", "list", "--json"], listed);
    expect(
      JSON.parse(listed.out).find((entry: { key: string }) => entry.key === "anthropic"),
    ).toMatchObject({
      inOrder: true,
      available: true,
    });
    const again = memoryIo({ cwd: workspace });
    expect(await main(["provider", "add", "anthropic"], again)).toBe(0);
    expect(again.out).toContain("anthropic is already configured");
  });

  it("asks for --plugin when the key is not a plugin name", async () => {
    const io = memoryIo({ cwd: os.tmpdir() });
    expect(await main(["provider", "add", "local"], io)).toBe(2);
    expect(io.err).toBe(
      "lackpy: Say which client provider 'local' uses: --plugin ollama or --plugin anthropic.\n",
    );
  });
});
