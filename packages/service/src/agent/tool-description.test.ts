import os from "node:os";
import { formatLanguageSpec, languageSpec, validate, type ToolSpec } from "@lackpy/lang";
import {
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  SHIPPED_KITS,
  TOOL_INDEX_THRESHOLD,
  resolveKit,
  toolSignature,
} from "@lackpy/kit";
import { createDefaultToolbox } from "@lackpy/kit/node";
import { describe, expect, it } from "vitest";
import { languageSummary, refusalsLine } from "./language-summary.js";
import { toolClause, toolDescription, type DescribedKit } from "./tool-description.js";

const toolbox = createDefaultToolbox({ root: os.tmpdir() });
const shipped = await Promise.all(
  Object.keys(SHIPPED_KITS).map(async (name) => {
    const kit = await resolveKit(name, toolbox);
    return { name, tools: kit.tools, aliases: kit.aliases } satisfies DescribedKit;
  }),
);
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("languageSummary", () => {
  const summary = languageSummary();
  const spec = languageSpec();

  it("names every helper signature, safe global and method of the spec", () => {
    for (const helper of spec.helpers) expect(summary).toContain(helper.signature);
    for (const global of spec.safeGlobals) expect(summary).toContain(global.name);
    for (const [receiver, methods] of Object.entries(spec.methods))
      expect(summary).toContain(`${receiver}: ${methods.join(", ")}`);
  });

  it("states the refusals up front, each common one with what to write instead", () => {
    const lines = summary.split("\n");
    expect(lines[1]).toBe(refusalsLine());
    expect(lines[2]).toMatch(/^Allowed: /);
    for (const form of spec.commonForms.refused)
      expect(lines[1]).toContain(`${form.construct} (${form.instead})`);
    for (const refused of [
      "regex lookaround and backreferences",
      "while and do-while loops",
      "function and class declarations",
      "try/catch and throw",
      "new of anything but Set and Map",
      "switch",
      "for-in",
      "return outside an arrow function",
    ])
      expect(lines[1]).toContain(refused);
  });

  it("names every refused construct of the spec by its first word", () => {
    const unlisted = new Set(["ClassBody", "MethodDefinition", "PropertyDefinition"]);
    for (const entry of spec.rejectedSyntax) {
      if (unlisted.has(entry.nodeType) || /Static|Private|Parenthesized/.test(entry.nodeType))
        continue;
      const head = entry.construct.replace(/^(?:a|an) /, "").split(" ")[0];
      expect(refusalsLine(), entry.construct).toContain(head);
    }
  });

  it("shows only forms the validator accepts as allowed", () => {
    const allowed = /^Allowed: (.*)$/m.exec(summary)![1];
    for (const [shown, program] of [
      ["for (const x of xs)", "for (const x of xs) {}"],
      ...spec.commonForms.accepted.map((form) => [form.code, form.code]),
    ]) {
      expect(allowed).toContain(shown);
      expect(validate(program, { params: ["xs", "n", "pairs"] }).errors).toEqual([]);
    }
  });

  it("names language_spec only where there is such a tool", () => {
    expect(languageSummary({ host: "mcp" })).toContain("the language_spec tool");
    expect(summary).not.toContain("language_spec");
  });

  it("leaves out parentheses, since grouping is allowed", () => {
    expect(summary).not.toContain("parentheses");
    expect(validate("const total = (1 + 2) * 3\ntotal").valid).toBe(true);
  });

  it("is a fraction of the full reference", () => {
    expect(summary.length).toBeLessThan(formatLanguageSpec().length / 3);
  });
});

describe("toolDescription", () => {
  it.each(
    shipped.flatMap((kit) => (["mcp", "agent"] as const).map((host) => [kit, host] as const)),
  )("stays under 5 KB for the shipped kit %s (host %s), in both modes", (kit, host) => {
    expect(bytes(toolDescription("program", kit, { host }))).toBeLessThan(5120);
    expect(bytes(toolDescription("delegate", kit, { host }))).toBeLessThan(5120);
  });

  it.each(shipped)("names every tool of the shipped kit $name with its typed signature", (kit) => {
    const description = toolDescription("program", kit, { host: "mcp" });
    for (const tool of kit.tools) expect(description).toContain(`\n${toolSignature(tool)} — `);
    expect(description).toContain(
      'list_folder(path?: string) -> { name: string, path: string, kind: "file" | "folder" }[]',
    );
  });

  it("gives a program-writing model the kit's signatures, the language and how to fix a failure", () => {
    const kit = shipped.find((entry) => entry.name === "readonly")!;
    const description = toolDescription("program", kit);
    expect(description).toContain('Tools of kit "readonly"');
    expect(description).toContain(languageSummary());
    expect(description).toContain("fix the program from error.errors");
    expect(description.indexOf("Refused, write instead")).toBeLessThan(
      description.indexOf("Helpers:"),
    );
  });

  it("names the kit argument to an MCP client and the host's kit to an agent", () => {
    const kit = shipped.find((entry) => entry.name === "files")!;
    expect(toolDescription("program", kit, { host: "mcp" })).toContain(
      '(kit "files" unless you pass kit)',
    );
    expect(toolDescription("program", kit)).not.toContain("unless you pass kit");
  });

  it("gives a delegating model the kit's signatures without the language", () => {
    const kit = shipped[0];
    const description = toolDescription("delegate", kit);
    expect(description).toContain(toolSignature(kit.tools[0]));
    expect(description).toContain("give the intent in words");
    expect(description).not.toContain("Helpers:");
  });

  it("shows an alias with the tool it stands for", async () => {
    const kit = await resolveKit({ cat: "read_file" }, toolbox);
    expect(toolDescription("program", { ...kit, name: "mine" })).toContain(
      "cat(path: string) -> string — Read a UTF-8 text file from the workspace (alias of read_file)",
    );
  });

  it("names a tool of a server that has not started, and how to get its signature", () => {
    const kit: DescribedKit = {
      name: "remote",
      tools: [{ name: "gh_search", provider: "mcp", providerConfig: { server: "gh" } }],
      unlisted: ["gh_search"],
    };
    expect(toolDescription("program", kit)).toContain(
      `gh_search(…) — a tool of the MCP server 'gh', not started yet: describe_tool("gh_search") gives its signature.`,
    );
  });

  it(`lists a kit of more than ${TOOL_INDEX_THRESHOLD} tools as an index of one line each`, () => {
    const tools: ToolSpec[] = [
      ...Array.from({ length: 150 }, (_, index) => ({
        name: `service_tool_${index}`,
        provider: "mcp",
        description: `Does thing number ${index} to a record. It has a long second sentence that is left out.`,
        args: [{ name: "id", type: "string" }],
        returns: "{ id: string, status: string }",
      })),
      ...shipped.find((kit) => kit.name === "readonly")!.tools,
    ];
    for (const host of ["mcp", "agent"] as const) {
      const description = toolDescription("program", { name: "big", tools }, { host });
      // lackpy's own workspace tools keep their signatures; the others are an index.
      expect(description).toContain("\nread_file(path: string) -> string — Read a UTF-8 text file");
      expect(description).toContain(
        `Kit "big" has ${tools.length} tools; the other 150 are listed by name`,
      );
      expect(description).toContain(SEARCH_TOOLS);
      expect(description).toContain(DESCRIBE_TOOL);
      expect(description).toContain("\nservice_tool_7 — Does thing number 7 to a record.\n");
      expect(description).not.toContain("service_tool_7(id: string)");
      expect(description).not.toContain("second sentence");
    }
  });

  it("keeps the first clause of a tool's description", () => {
    expect(
      toolClause({
        name: "edit_file",
        description: "Replace the first occurrence of old with new in a file; true when replaced.",
      }),
    ).toBe("Replace the first occurrence of old with new in a file");
    expect(toolClause({ name: "x" })).toBe("");
  });
});
