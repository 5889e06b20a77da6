import os from "node:os";
import type { ToolSpec } from "@lackpy/lang";
import {
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  TOOL_INDEX_THRESHOLD,
  createMockProvider,
  resolveKit,
} from "@lackpy/kit";
import { createDefaultToolbox } from "@lackpy/kit/node";
import { describe, expect, it } from "vitest";
import { buildMessages, buildSystemPrompt } from "./build-prompt.js";
import { PROMPT_TOOL_LIMIT, pickTools } from "./pick-tools.js";

/** Tools of made-up services, listed before the file tools, as a kit of many MCP servers might. */
function serviceTools(count: number): ToolSpec[] {
  const services = ["github", "jira", "slack", "calendar", "billing", "crm", "deploy", "metrics"];
  const verbs = ["list", "get", "create", "update", "delete", "archive", "export", "sync"];
  const tools: ToolSpec[] = [];
  for (let index = 0; tools.length < count; index++) {
    const service = services[index % services.length];
    const verb = verbs[Math.floor(index / services.length) % verbs.length];
    const round = Math.floor(index / (services.length * verbs.length));
    tools.push({
      name: `${service}_${verb}_record${round > 0 ? `_v${round + 1}` : ""}`,
      provider: "mock",
      description: `${verb} a ${service} record by id, with its owner, labels and history.`,
      args: [
        { name: "id", type: "string" },
        { name: "options", type: "{ expand?: boolean, fields?: string[] }", optional: true },
      ],
      returns: "{ id: string, title: string, owner: string, labels: string[] }",
      gradeW: 1,
      effectsCeiling: 0,
    });
  }
  return tools;
}

const toolbox = createDefaultToolbox({ root: os.tmpdir() });
const small = await resolveKit("files", toolbox);
const many = serviceTools(150 - small.tools.length);
const names = small.tools.map((tool) => tool.name);
toolbox.registerProvider(
  createMockProvider(Object.fromEntries(many.map((tool) => [tool.name, {}]))),
);
for (const tool of many) toolbox.registerTool(tool);
const large = await resolveKit([...many.map((tool) => tool.name), ...names], toolbox);

/** Requests, and the file tools a program answering each needs. */
const NEEDS: Record<string, string[]> = {
  "count the lines of every typescript file in src": ["find_files", "read_file"],
  "which files mention TODO": ["search_files"],
  "where is loadConfig defined": ["definitions_of"],
  "replace foo with bar in README.md": ["edit_file"],
  "list the folders at the top of the workspace": ["list_folder"],
  "the ten biggest files": ["find_files", "file_size"],
};
const REQUESTS = Object.keys(NEEDS);

describe("pickTools", () => {
  it("shows every tool of a small kit", () => {
    expect(pickTools(small.tools, "anything")).toEqual(small.tools);
    expect(small.tools.length).toBeLessThanOrEqual(TOOL_INDEX_THRESHOLD);
  });

  it.each(REQUESTS)(
    "shows the workspace tools of a 150-tool kit and a few others for %j",
    (request) => {
      const picked = pickTools(large.tools, request);
      const names = picked.map((tool) => tool.name);
      for (const name of [...small.tools.map((tool) => tool.name), ...NEEDS[request]])
        expect(names).toContain(name);
      expect(picked.filter((tool) => tool.provider === "mock").length).toBeLessThanOrEqual(
        PROMPT_TOOL_LIMIT,
      );
      expect(names).not.toContain(SEARCH_TOOLS);
      expect(names).not.toContain(DESCRIBE_TOOL);
      // In the kit's order.
      const order = picked.map((tool) => large.tools.indexOf(tool));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );

  it("ranks the other tools by the request", () => {
    const others = (request: string) =>
      pickTools(large.tools, request)
        .filter((tool) => tool.provider === "mock")
        .map((tool) => tool.name);
    expect(others("archive the old jira records")).toContain("jira_archive_record");
    expect(others("archive the old jira records").every((name) => /jira|archive/.test(name))).toBe(
      true,
    );
    expect(others("sync every billing record").every((name) => /billing|sync/.test(name))).toBe(
      true,
    );
    expect(others("zebra quokka")).toEqual([]);
  });

  it("never drops a tool the request names, however many it names", () => {
    const named = many.slice(0, PROMPT_TOOL_LIMIT + 3).map((tool) => tool.name);
    const picked = pickTools(large.tools, `call ${named.join(" and ")} then read_file`);
    for (const name of [...named, "read_file"])
      expect(picked.map((tool) => tool.name)).toContain(name);
  });
});

describe("the prompt of a 150-tool kit", () => {
  it.each(REQUESTS)("stays under the small kit's prompt plus 2 KB for %j", (request) => {
    const prompt = (kit: typeof small) =>
      buildSystemPrompt({
        kit: { tools: kit.tools, description: kit.description },
        intent: request,
      });
    expect(large.tools).toHaveLength(152);
    const bytes = (text: string) => Buffer.byteLength(text);
    expect(bytes(prompt(large))).toBeLessThan(bytes(prompt(small)) + 2048);
    expect(prompt(large)).toContain(`of the kit's 152 tools: those that fit the request)`);
  });

  it("builds the system prompt of a model call for the request", () => {
    const [system] = buildMessages("which files mention TODO", {
      kit: { tools: large.tools, description: large.description },
      params: {},
    });
    expect(system.content).toContain("search_files(text: string");
    expect(system.content).not.toContain("crm_delete_record(");
  });
});
