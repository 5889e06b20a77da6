import os from "node:os";
import { validate, type ToolSpec } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { createDefaultToolbox } from "../create-default-toolbox.js";
import { resolveKit } from "../kits/resolve-kit.js";
import { ToolError } from "../tool-error.js";
import { createMockProvider } from "./create-mock-provider.js";
import {
  alwaysShown,
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  TOOL_INDEX_THRESHOLD,
  describeKitTool,
  searchTools,
  toolIndexLine,
} from "./discovery-tools.js";
import { namedTools, rankTools, stemWord } from "./rank-tools.js";
import { Toolbox } from "./toolbox.js";

/** Tools of made-up services, the way several MCP servers fill a kit. */
function serviceTools(count: number): ToolSpec[] {
  const services = [
    ["github", "issue"],
    ["jira", "ticket"],
    ["slack", "channel"],
    ["calendar", "event"],
    ["billing", "invoice"],
    ["crm", "contact"],
    ["deploy", "release"],
    ["metrics", "alert"],
  ];
  const verbs = ["list", "get", "create", "update", "delete"];
  const tools: ToolSpec[] = [];
  for (let index = 0; tools.length < count; index++) {
    const [service, thing] = services[index % services.length];
    const verb = verbs[Math.floor(index / services.length) % verbs.length];
    const round = Math.floor(index / (services.length * verbs.length));
    const reads = verb === "list" || verb === "get";
    tools.push({
      name: `${service}_${verb}_${thing}${round > 0 ? `_v${round + 1}` : ""}`,
      provider: "mock",
      description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${service} ${thing}. More words follow here.`,
      args: [{ name: "id", type: "string" }],
      returns: "object",
      gradeW: reads ? 1 : 2,
      effectsCeiling: reads ? 0 : 2,
    });
  }
  return tools;
}

function bigToolbox(count: number): Toolbox {
  const toolbox = createDefaultToolbox({ root: os.tmpdir() });
  const tools = serviceTools(count);
  toolbox.registerProvider(
    createMockProvider(Object.fromEntries(tools.map((tool) => [tool.name, { ok: true }]))),
  );
  for (const tool of tools) toolbox.registerTool(tool);
  return toolbox;
}

describe("stemWord", () => {
  it.each([
    ["files", "file"],
    ["file", "file"],
    ["definitions", "defin"],
    ["defined", "defin"],
    ["searching", "searc"],
    ["searches", "searc"],
    ["issues", "issue"],
    ["categories", "categ"],
  ])("stems %s as %s", (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });
});

describe("rankTools", () => {
  const tools = [...createDefaultToolbox({ root: os.tmpdir() }).list(), ...serviceTools(60)];

  it.each([
    ["count the lines of every typescript file", ["read_lines", "find_files"]],
    ["where is loadConfig defined", ["definitions_of"]],
    ["which files mention TODO", ["search_files"]],
    ["the biggest files in src", ["file_size"]],
    ["open a jira ticket for the crash", ["jira_create_ticket", "jira_get_ticket"]],
  ])("ranks the tools %j needs near the top", (text, wanted) => {
    const top = rankTools(tools, text, { limit: 8 }).map((tool) => tool.name);
    for (const name of wanted) expect(top.some((found) => found.startsWith(name))).toBe(true);
  });

  it("puts a tool the text names first, and leaves out tools with no word in common", () => {
    const named = tools.find((tool) => tool.name.startsWith("crm_delete"))!;
    const ranked = rankTools(tools, `call ${named.name} for me`);
    expect(ranked[0].name).toBe(named.name);
    expect(namedTools(tools, `call ${named.name} for me`)).toEqual([named]);
    expect(rankTools(tools, "zebra quokka")).toEqual([]);
  });
});

describe("search_tools and describe_tool", () => {
  const tools = createDefaultToolbox({ root: os.tmpdir() }).list();

  it("finds tools by a few words, with their signatures", () => {
    expect(searchTools(tools, "search text in files", 2)).toEqual([
      {
        name: "search_files",
        signature:
          "search_files(text: string, glob?: string) -> { file: string, line: number, text: string }[]",
        description: expect.stringContaining("Lines containing text: plain, not a regex"),
      },
      expect.objectContaining({ name: expect.any(String) }),
    ]);
  });

  it("describes one tool in full", () => {
    expect(describeKitTool(tools, "read_lines")).toMatchObject({
      name: "read_lines",
      signature: "read_lines(path: string, start: number, end?: number) -> string[]",
      args: [
        { name: "path", type: "string", optional: false },
        { name: "start", type: "number", optional: false },
        { name: "end", type: "number", optional: true },
      ],
      returns: "string[]",
      grade: { w: 1, d: 0 },
    });
  });

  it.each<[string, () => unknown, string, string]>([
    [
      "an unknown tool",
      () => describeKitTool(tools, "read_fil"),
      "unknown_tool",
      "did you mean read_file?",
    ],
    [
      "an empty query",
      () => searchTools(tools, " "),
      "invalid_argument",
      'search_tools("create issue")',
    ],
    [
      "a fractional limit",
      () => searchTools(tools, "read", 1.5),
      "invalid_argument",
      "default of 8",
    ],
  ])("refuses %s with a retriable error and a hint", (_, call, code, hint) => {
    let error: unknown;
    try {
      call();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code, retriable: true, hint: expect.stringContaining(hint) });
  });

  it("shows lackpy's own workspace tools in full, however large the kit", () => {
    expect(tools.every(alwaysShown)).toBe(true);
    expect(alwaysShown({ name: "gh_search", provider: "mcp" })).toBe(false);
    expect(alwaysShown({ name: "hello", provider: "module" })).toBe(false);
  });

  it("writes one short line per tool for an index", () => {
    expect(toolIndexLine(tools.find((tool) => tool.name === "read_file")!)).toBe(
      "read_file — Read a UTF-8 text file from the workspace.",
    );
    expect(toolIndexLine({ name: "bare" })).toBe("bare");
  });
});

describe("resolveKit with a large kit", () => {
  it(`adds ${SEARCH_TOOLS} and ${DESCRIBE_TOOL} past ${TOOL_INDEX_THRESHOLD} tools, graded 0`, async () => {
    const toolbox = bigToolbox(TOOL_INDEX_THRESHOLD);
    const names = toolbox.list().map((tool) => tool.name);
    const kit = await resolveKit(names, toolbox);
    expect(kit.tools).toHaveLength(names.length + 2);
    expect(
      kit.tools.slice(-2).map((tool) => [tool.name, tool.gradeW, tool.effectsCeiling]),
    ).toEqual([
      [SEARCH_TOOLS, 0, 0],
      [DESCRIBE_TOOL, 0, 0],
    ]);
    const small = await resolveKit(names.slice(0, TOOL_INDEX_THRESHOLD), toolbox);
    expect(small.tools.map((tool) => tool.name)).not.toContain(SEARCH_TOOLS);
  });

  it("lets a program search the kit and describe a tool", async () => {
    const toolbox = bigToolbox(50);
    const kit = await resolveKit(
      toolbox.list().map((tool) => tool.name),
      toolbox,
    );
    const program = 'search_tools("jira ticket", 3).map(match => match.name)';
    expect(validate(program, { tools: kit.tools }).valid).toBe(true);
    const found = (await kit.callables.search_tools("jira ticket", 3)) as { name: string }[];
    expect(found).toHaveLength(3);
    expect(found.every((match) => match.name.startsWith("jira_"))).toBe(true);
    expect(await kit.callables.describe_tool(found[0].name)).toMatchObject({
      name: found[0].name,
      args: [{ name: "id", type: "string" }],
    });
  });

  it("keeps a kit's own tool of the same name", async () => {
    const toolbox = bigToolbox(45);
    toolbox.registerProvider(createMockProvider({ search_tools: "mine" }, { name: "own" }));
    toolbox.registerTool({ name: "search_tools", provider: "own", gradeW: 1, effectsCeiling: 0 });
    const kit = await resolveKit(
      toolbox.list().map((tool) => tool.name),
      toolbox,
    );
    expect(kit.tools.filter((tool) => tool.name === SEARCH_TOOLS)).toHaveLength(1);
    expect(await kit.callables.search_tools("x")).toBe("mine");
    expect(kit.tools.at(-1)?.name).toBe(DESCRIBE_TOOL);
  });
});

describe("resolveKit with stand-ins", () => {
  it("resolves tools the toolbox has not listed with their stand-ins, which refuse to run", async () => {
    const toolbox = createDefaultToolbox({ root: os.tmpdir() });
    const kit = await resolveKit(["read_file", "gh_search"], toolbox, {
      unlisted: (name) =>
        name.startsWith("gh_") ? { name, provider: "mcp", description: "not started" } : undefined,
    });
    expect(kit.unlisted).toEqual(["gh_search"]);
    expect(kit.tools.map((tool) => tool.name)).toEqual(["read_file", "gh_search"]);
    expect(() => kit.callables.gh_search()).toThrow(
      "The tool 'gh_search' has not been listed yet.",
    );
    await expect(
      resolveKit(["read_file", "nope"], toolbox, { unlisted: () => undefined }),
    ).rejects.toMatchObject({
      code: "unknown_tool",
    });
    expect((await resolveKit(["read_file"], toolbox)).unlisted).toBeUndefined();
  });
});
