import type { LanguageSpec } from "./language-spec-types.js";
import { languageSpec } from "./language-spec.js";

/** Renders the language spec as markdown, for docs, `lackpy spec` and prompts. */
export function formatLanguageSpec(spec: LanguageSpec = languageSpec()): string {
  const lines: string[] = [`# The lackpy language ${spec.version}`, ""];
  lines.push(
    "A program is a short ECMAScript 2022 script: top-level statements that call kit tools by bare name.",
  );
  lines.push(
    "Tool calls are awaited for you. The value of the last expression statement is the output.",
    "",
  );
  lines.push(
    "## Allowed syntax",
    "",
    spec.allowedNodeTypes.map((type) => `\`${type}\``).join(", "),
    "",
  );
  lines.push("Operators:", "");
  for (const [kind, operators] of Object.entries(spec.operators))
    lines.push(`- ${kind}: ${operators.map((operator) => `\`${operator}\``).join(" ")}`);
  lines.push("", "## Rejected syntax", "");
  const seen = new Set<string>();
  for (const entry of spec.rejectedSyntax) {
    if (seen.has(entry.construct)) continue;
    seen.add(entry.construct);
    lines.push(`- ${entry.construct}: ${entry.hint}`);
  }
  lines.push("", "## Names", "");
  lines.push(
    `Bare names are looked up in the program's variables, then: ${spec.names.lookupOrder.map((kind) => kind.replaceAll("_", " ")).join(", ")}.`,
    "",
  );
  for (const sentence of spec.names.shadowing) lines.push(`- ${sentence}`);
  lines.push("", "## Helper builtins", "");
  for (const helper of spec.helpers) lines.push(`- \`${helper.signature}\`: ${helper.description}`);
  lines.push("", "## Safe globals", "");
  for (const global of spec.safeGlobals) {
    const members = global.members?.map((member) => member.name).join(", ");
    lines.push(
      `- \`${global.signature ?? global.name}\`: ${global.description}${members ? ` Members: ${members}.` : ""}`,
    );
  }
  lines.push("", "## Constructors", "");
  for (const constructor of spec.constructors) {
    const methods = spec.methods[constructor.receiver].filter((name) => name !== "size");
    lines.push(
      `- \`${constructor.signature}\`: ${constructor.description} Property: size. Methods: ${methods.join(", ")}.`,
    );
  }
  lines.push(
    `Only these can be called with \`new\`, and their names appear nowhere else.`,
    "",
    "## What models often write",
    "",
    "Accepted:",
    "",
  );
  for (const form of spec.commonForms.accepted) lines.push(`- \`${form.code}\`: ${form.note}`);
  lines.push("", "Still refused:", "");
  for (const form of spec.commonForms.refused) lines.push(`- ${form.construct}: ${form.hint}`);
  lines.push("", "## Methods by receiver type", "");
  for (const [type, methods] of Object.entries(spec.methods))
    lines.push(`- ${type}: ${methods.join(", ")}`);
  lines.push(
    "",
    "## Forbidden names",
    "",
    spec.forbiddenNames.map((name) => `\`${name}\``).join(", "),
    "",
  );
  lines.push("## Forbidden properties", "");
  lines.push(
    `${spec.forbiddenProperties.map((name) => `\`${name}\``).join(", ")}, and any name starting with \`${spec.forbiddenPropertyPrefix}\`. \`length\` is read-only.`,
    "",
  );
  lines.push("## Secret parameters", "", spec.secrets.rule, "");
  lines.push(`Misuse is \`${spec.secrets.code}\`; results show ${spec.secrets.display}.`, "");
  lines.push("## Tool arguments", "", spec.argumentTypes.rule, "");
  lines.push(`A literal of the wrong type is \`${spec.argumentTypes.code}\`.`, "");
  lines.push("## Limits (defaults)", "");
  for (const [name, value] of Object.entries(spec.limits)) lines.push(`- ${name}: ${value}`);
  lines.push(
    `- source size: ${spec.maxSourceBytes} bytes; syntax depth: ${spec.maxDepth} levels`,
    "",
  );
  return lines.join("\n");
}
