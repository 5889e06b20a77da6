import os from "node:os";
import {
  allowedLine,
  formatLanguageSpec,
  methodsExceptLine,
  languageSpec,
  validate,
  type ToolSpec,
} from "@lackpy/lang";
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
import {
  otherKitsSection,
  toolDescription,
  toolLine,
  type DescribedKit,
} from "./tool-description.js";

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
    expect(summary).toContain(methodsExceptLine(spec));
  });

  it("states the refusals up front, each common one with what to write instead", () => {
    const lines = summary.split("\n");
    expect(lines[1]).toBe(refusalsLine());
    expect(lines[2]).toBe(allowedLine(spec));
    for (const form of spec.commonForms.refused)
      expect(lines[1]).toContain(`${form.construct} (${form.instead})`);
    for (const refused of [
      "regex lookaround and backreferences",
      "while and do-while loops",
      "function and class declarations",
      "try/catch and throw",
      "new of anything but Set and Map",
      "const f = x => …",
      "a line starting with (, [ or `",
    ])
      expect(lines[1]).toContain(refused);
  });

  it("lists every operator of the spec as allowed, and none that the validator refuses", () => {
    const allowed = allowedLine(spec);
    for (const operator of Object.values(spec.operators).flat())
      expect(allowed).toContain(` ${operator} `);
    for (const [operator, program] of [
      ["**", "2 ** 3"],
      ["instanceof", "[] instanceof Array"],
      ["delete", "delete ({}).a"],
      ["void", "void 0"],
      [" in ", '"a" in {}'],
    ]) {
      expect(allowed).not.toContain(operator);
      expect(validate(program).errors.map((error) => error.code)).toEqual(["forbidden_syntax"]);
    }
  });

  it("shows only forms the validator accepts as allowed", () => {
    const allowed = /^Allowed, and nothing else: (.*)$/m.exec(summary)![1];
    for (const [shown, program] of [
      ["for (const x of xs)", "for (const x of xs) {}"],
      ...spec.commonForms.accepted.map((form) => [form.code, form.code]),
    ]) {
      expect(allowed).toContain(shown);
      expect(validate(program, { params: ["xs", "n", "pairs"] }).errors).toEqual([]);
    }
    for (const program of ["let i = 0\ni++\ni += 2", 'typeof xs === "object"', "xs?.at?.(0)?.[0]"])
      expect(validate(program, { params: ["xs"] }).errors).toEqual([]);
  });

  it("says what sorted's key is and how line_count counts", () => {
    expect(summary).toContain('sorted(xs, key?, reverse?) (key: "field" or x => value)');
    expect(summary).toContain('line_count(text) (a final "\\n" ends the last line; "" has 0)');
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
  )("stays under 6 KB for the shipped kit %s (host %s), in both modes", (kit, host) => {
    const options = {
      host,
      ...(host === "mcp" ? { otherKits: shipped.filter((other) => other !== kit) } : {}),
    };
    expect(bytes(toolDescription("program", kit, options))).toBeLessThan(6144);
    expect(bytes(toolDescription("delegate", kit, options))).toBeLessThan(6144);
  });

  it.each(shipped)("describes every tool of the shipped kit $name in full, never cut", (kit) => {
    const description = toolDescription("program", kit, { host: "mcp" });
    for (const tool of kit.tools) expect(description).toContain(`\n${toolLine(tool, kit)}\n`);
    for (const tool of kit.tools) expect(toolLine(tool, kit)).toContain(tool.description!);
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
    expect(description).toContain(
      "If it fails, fix it from error.errors (line, column from 1; hints) and call again.",
    );
    expect(description.indexOf("Refused (write instead)")).toBeLessThan(
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
    const description = toolDescription("program", { ...kit, name: "mine" });
    expect(description).toContain(
      "\ncat(path: string) -> string — Read a UTF-8 text file from the workspace.",
    );
    expect(description).toMatch(/lists readable ones\. \(alias of read_file\)\n/);
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

  it("gives another kit's tools a compact line, the first clause, never cut", () => {
    const files = shipped.find((kit) => kit.name === "files")!;
    const edit = files.tools.find((tool) => tool.name === "edit_file")!;
    expect(toolLine(edit, files, { compact: true })).toBe(
      "edit_file(path: string, old: string, new: string, options?: { all?: boolean }) -> number — Replace old, found exactly once (every one with { all: true }), with new in a text file",
    );
  });
});

describe("otherKitsSection", () => {
  const readonly = shipped.find((kit) => kit.name === "readonly")!;
  const files = shipped.find((kit) => kit.name === "files")!;

  it("lists what each other kit adds to the kit described, each tool once", () => {
    const mine: DescribedKit = {
      name: "mine",
      tools: [readonly.tools[0], ...files.tools.filter((tool) => tool.name === "edit_file")],
    };
    const section = otherKitsSection(readonly, [readonly, files, mine]);
    expect(section.split("\n").map((line) => line.split(" — ")[0])).toEqual([
      "Other kits (pass kit):",
      'kit "files": the tools above, plus:',
      "write_file(path: string, content: string) -> number",
      "edit_file(path: string, old: string, new: string, options?: { all?: boolean }) -> number",
      'kit "mine": read_file, edit_file',
    ]);
  });

  it("is empty when no other kit adds anything, and says so of a kit with less", () => {
    expect(otherKitsSection(files, [files])).toBe("");
    expect(otherKitsSection(files, [readonly])).toBe(
      'Other kits (pass kit):\nkit "readonly": the tools above without write_file, edit_file',
    );
  });
});
