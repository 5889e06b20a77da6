/**
 * "which node built-in modules does lib/a.js import", "what npm packages does lib/a.js pull in":
 * one kind of what a file imports. Node's own modules are its builtins, with or without the
 * `node:` prefix, as written; the packages are the bare specifiers that are not Node's, named by
 * package (`@scope/name`, `name`), not by the subpath imported.
 */
import { NODE_BUILTIN_MODULES } from "@lackpy/kit";
import { globFor, MODULE_EXTENSIONS } from "./file-kinds.js";
import { quoted } from "./reading-text.js";
import { moduleFileOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** A specifier of Node's own: `node:` anything, or a builtin's name and its subpaths (`fs/promises`). */
const BUILTIN = `/^(?:node:|(?:${NODE_BUILTIN_MODULES.join("|")})(?:\\/|$))/`;

/** "(not relative paths, not node builtins)": what the kind asked leaves out anyway. */
const LEFT_OUT = "(?: not (?:relpath|builtin|extpkg))*";

/** The specifiers of one kind among `specifiers` (a program expression), once each. */
const KINDS = {
  builtin: {
    filter: (specifiers: string) => `unique(${specifiers}.filter(spec => ${BUILTIN}.test(spec)))`,
    words: "Node built-in modules",
    how: "as written, node: prefix or not",
  },
  extpkg: {
    filter: (specifiers: string) =>
      `unique(${specifiers}.filter(spec => !/^[./#]/.test(spec) && !${BUILTIN}.test(spec)).map(spec => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/")))`,
    words: "packages (bare specifiers that are not Node's built-in modules)",
    how: "by package name, without the subpath imported",
  },
} as const;

/** Import kind rules. */
export const IMPORT_KIND_RULES: readonly IntentRule[] = [
  {
    id: "imports-of-kind",
    summary: "the Node built-in modules, or the packages, a file imports",
    examples: [
      "which node built-in modules does src/index.ts import",
      "what npm packages does src/index.ts pull in",
    ],
    needs: ["imports_of"],
    patterns: [
      `(?<count>count )?(?:show )?(?<which>builtin|extpkg) (?:file )?{file} (?:import|use)${LEFT_OUT}`,
      `(?<count>count )?(?:show )?(?<which>builtin|extpkg) (?:import|use) (?:in |per )?{file}${LEFT_OUT}`,
      // "which npm packages are imported in dist/esm", "the third-party packages lib imports".
      `(?<count>count )?(?:show )?(?<which>builtin|extpkg) (?:import|use) in (?<folder>D)${LEFT_OUT}`,
      `(?<count>count )?(?:show )?(?<which>builtin|extpkg) (?:file )?(?<folder>D) (?:import|use)${LEFT_OUT}`,
      // "which npm packages does the code in lib require".
      `(?<count>count )?(?:show )?(?<which>builtin|extpkg) (?<code>K) in (?<folder>D) (?:import|use)${LEFT_OUT}`,
    ].map(rulePattern),
    build(slots) {
      const kind = KINDS[slots.which?.[0]?.form as keyof typeof KINDS];
      if (!kind) return "the kind of module is not known";
      if (slots.code && !/^(?:code|sources?)$/i.test(slots.code[0]!.raw))
        return `${quoted(slots.code[0]!.raw)} before the folder is not read`;
      const folder = slots.folder?.[0]?.path;
      if (folder !== undefined) {
        // Every module under the folder, each read once: what any of them imports.
        const pattern = globFor(folder, MODULE_EXTENSIONS);
        const found = `sorted(${kind.filter("find_files(pattern).flatMap(file => imports_of(file))")})`;
        return {
          program: slots.count ? `len(${found})` : found,
          params: { pattern } as Record<string, string>,
          reading: `${slots.count ? "the number of " : ""}the ${kind.words} the modules under ${quoted(folder)} (${pattern}) import (import, export … from, require; parsed), ${kind.how}, once each`,
        };
      }
      const path = moduleFileOf(slots.file);
      if (!path) return "the file is not a JavaScript or TypeScript module in the workspace";
      return {
        program: slots.count
          ? `len(${kind.filter("imports_of(path)")})`
          : kind.filter("imports_of(path)"),
        params: { path },
        reading: `${slots.count ? "the number of " : ""}the ${kind.words} ${quoted(path)} imports (import, export … from, require; parsed), ${kind.how}`,
      };
    },
  },
];
