/**
 * The prompt and the language agree by construction: every prompt variant, for every shipped kit,
 * an aliased kit and a request with params, is taken apart into the call forms and code it shows
 * (tool signatures, helper signatures, safe globals, code spans of the Rules, examples), and
 * each one is checked with the real validator against the same kit.
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import { validate, type ParamSpec, type ToolSpec } from "@lackpy/lang";
import { SHIPPED_KITS, createMockProvider, resolveKit } from "@lackpy/kit";
import { createDefaultToolbox } from "@lackpy/kit/node";
import { PROMPT_VARIANTS, buildSystemPrompt } from "./build-prompt.js";

/** Names the prompt's code spans use as placeholders for the program's own data. */
const PLACEHOLDERS = ["names", "rows", "lines", "n", "value"];

const PARAMS: Record<string, ParamSpec> = {
  path: { type: "string", description: "the file to read" },
  limit: { type: "number", description: "how many" },
  token: { type: "string", secret: true },
};

const toolbox = createDefaultToolbox({ root: os.tmpdir() });
// A tool that takes secrets (an API key), beside file tools that take none.
toolbox.registerProvider(createMockProvider({ login: true }));
toolbox.registerTool({
  name: "login",
  provider: "mock",
  description: "Sign in with a key.",
  args: [{ name: "key", type: "string" }],
  returns: "boolean",
  gradeW: 0,
  effectsCeiling: 0,
});
const KITS = await Promise.all(
  [
    ...Object.keys(SHIPPED_KITS),
    { read: "read_file", glob: "find_files" },
    ["read_file", "write_file", "login"],
  ].map(async (kit) => ({
    name: typeof kit === "string" ? kit : Array.isArray(kit) ? "login" : "aliased",
    kit: await resolveKit(kit, toolbox),
  })),
);

/** A call with every argument replaced by `value`: `sorted(xs, key?)` → `sorted(value, value)`. */
function callForm(signature: string): string {
  const match = /^([\w.]+)\((.*)\)/.exec(signature.trim());
  if (!match) throw new Error(`not a call form: ${signature}`);
  const args = match[2]
    .split(",")
    .map((arg) => arg.trim())
    .filter((arg) => arg !== "" && arg !== "...")
    .map((arg) => (arg.startsWith("...") ? "...value" : "value"));
  return `${match[1]}(${args.join(", ")})`;
}

/** Splits `a(x), b(y, z) | b(w)` at top-level commas and bars. */
function splitSignatures(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if ((char === "," || char === "|") && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

function section(prompt: string, title: string): string | null {
  const start = prompt.indexOf(`\n\n${title}`);
  if (start < 0) return null;
  const body = prompt.slice(start + 2 + title.length);
  const end = body.indexOf("\n\n");
  return end < 0 ? body : body.slice(0, end);
}

/** Everything a prompt advertises as code, each with what it is. */
function advertised(prompt: string): { what: string; code: string }[] {
  const forms: { what: string; code: string }[] = [];
  for (const line of (section(prompt, "Tools:\n") ?? "").split("\n"))
    if (line.trim() && line !== "(none)")
      forms.push({
        what: `tool ${line}`,
        // An object type's commas are not argument separators: `{ a?: boolean, b?: boolean }`.
        code: callForm(
          line
            .split(" -> ")[0]
            .replace(/\{[^}]*\}/g, "object")
            .replace(/: [^,)]+/g, ""),
        ),
      });
  const helpers = /^Helpers: (.*)\.$/m.exec(prompt)?.[1] ?? "";
  // A helper may carry a note after its signature: `sorted(xs, key?, reverse?) (key: …)`.
  for (const signature of splitSignatures(helpers))
    forms.push({
      what: `helper ${signature}`,
      code: callForm(signature.replace(/\) \(.*\)$/, ")")),
    });
  const globals = /^Safe globals: (.*)\.$/m.exec(prompt)?.[1] ?? "";
  for (const signature of splitSignatures(globals))
    forms.push({ what: `safe global ${signature}`, code: callForm(signature) });
  for (const span of (section(prompt, "Rules:\n") ?? "").matchAll(/`([^`]+)`/g))
    forms.push({ what: `rule code ${span[1]}`, code: span[1] });
  const examples = prompt.includes("\n\nExamples:\n") ? prompt.split("\n\nExamples:\n")[1] : "";
  for (const block of examples.split("\n\n").filter(Boolean)) {
    const [request, ...code] = block.split("\n");
    forms.push({ what: `example ${request}`, code: code.join("\n") });
  }
  return forms;
}

const CASES = KITS.flatMap(({ name, kit }) =>
  PROMPT_VARIANTS.flatMap((variant) =>
    [false, true].map((withParams) => ({
      label: `${name} kit, ${variant}${withParams ? ", with params" : ""}`,
      tools: kit.tools as ToolSpec[],
      params: withParams ? PARAMS : {},
      prompt: buildSystemPrompt({
        kit: { tools: kit.tools, description: kit.description, aliases: kit.aliases },
        params: withParams ? PARAMS : {},
        examples: kit.tools.flatMap((tool) => tool.examples ?? []),
        variant,
      }),
    })),
  ),
);

describe("buildSystemPrompt agrees with the validator", () => {
  it.each(CASES)("$label: every call form and code it shows validates", (entry) => {
    const forms = advertised(entry.prompt);
    expect(forms.filter((form) => form.what.startsWith("tool ")).length).toBe(entry.tools.length);
    expect(forms.filter((form) => form.what.startsWith("helper ")).length).toBeGreaterThan(20);
    expect(forms.filter((form) => form.what.startsWith("safe global ")).length).toBeGreaterThan(10);
    const rejected = forms.flatMap((form) => {
      const errors = validate(form.code, {
        tools: entry.tools,
        params: [...Object.keys(entry.params), ...PLACEHOLDERS],
      }).errors;
      return errors.length > 0 ? [`${form.what}: ${form.code} → ${errors[0].message}`] : [];
    });
    expect(rejected).toEqual([]);
  });

  it.each(CASES.filter((entry) => Object.keys(entry.params).length > 0))(
    "$label: the params it lists are readable variables",
    (entry) => {
      const listed = [...entry.prompt.matchAll(/^(\w+): \w+/gm)]
        .map((match) => match[1])
        .filter((name) => Object.hasOwn(entry.params, name));
      expect(listed).toEqual(Object.keys(entry.params));
      const program = `[${listed.filter((name) => !entry.params[name].secret).join(", ")}]`;
      expect(validate(program, { tools: entry.tools, params: entry.params }).errors).toEqual([]);
    },
  );

  it.each(CASES.filter((entry) => Object.keys(entry.params).length > 0))(
    "$label: the secret rule's examples validate with the secret marked, and a misuse does not",
    (entry) => {
      const line = entry.prompt.split("\n").find((text) => text.startsWith("token: ")) ?? "";
      const examples = [...line.matchAll(/(\w+\(token(?:\.field)?\))/g)].map((match) => match[1]);
      const fileTools = entry.tools.filter((tool) => tool.acceptsSecrets === false);
      if (fileTools.length === entry.tools.length) {
        // No tool of the kit takes secrets: the prompt says to leave it out, and a file tool refuses it.
        expect(line).toContain("no tool of this kit takes it, so leave token out of the program");
        expect(examples).toEqual([]);
      } else {
        expect(examples).toEqual(["login(token)", "login(token.field)"]);
        expect(line).toContain(`never to ${fileTools.map((tool) => tool.name).join(", ")};`);
      }
      for (const example of examples)
        expect(validate(example, { tools: entry.tools, params: entry.params }).errors).toEqual([]);
      for (const misuse of [
        "print(token)",
        ...fileTools.map(
          (tool) =>
            `${tool.name}(${(tool.args ?? [])
              .filter((arg, index) => !arg.optional || index === 0)
              .map((arg, index) =>
                index === 0 ? "token" : /number|integer/.test(arg.type ?? "") ? "1" : '"x"',
              )
              .join(", ")})`,
        ),
      ])
        expect(
          validate(misuse, { tools: entry.tools, params: entry.params }).errors.map(
            (error) => error.code,
          ),
          misuse,
        ).toEqual(["secret_access"]);
    },
  );

  it("catches a form the validator rejects", () => {
    const forms = advertised(
      "Role.\n\nTools:\nlist_things(path: string) -> string\n\nHelpers: len(x), Symbol(x).\nSafe globals: Math.max(a, b).\n\nRules:\n- `for (const x of items) print(x)`",
    );
    const rejected = forms.filter(
      (form) => validate(form.code, { params: PLACEHOLDERS }).errors.length > 0,
    );
    expect(rejected.map((form) => form.what)).toEqual([
      "tool list_things(path: string) -> string",
      "helper Symbol(x)",
      "rule code for (const x of items) print(x)",
    ]);
  });
});
