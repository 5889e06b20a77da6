/**
 * "is there a test folder?", "is there a folder called dialects": the folders of that name at
 * any depth, found by walking every folder with `list_folder` (node_modules not entered), so an
 * empty folder counts and an empty answer means there is none. A walk of more folders than the
 * run's tool calls allow fails; it never answers from part of the tree.
 */
import { quoted } from "./reading-text.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";

const WALK = [
  "const found = []",
  'const queue = ["."]',
  "for (let i = 0; i < len(queue); i++) {",
  "  for (const entry of list_folder(queue[i])) {",
  '    if (entry.kind !== "folder" || entry.name === "node_modules") continue',
  "    if (entry.name === name) found.push(entry.path)",
  "    queue.push(entry.path)",
  "  }",
  "}",
  "found",
].join("\n");

/** The folder's name: a grounded folder at the top ("test" where test/ exists), or a plain word. */
function nameOf(slots: RuleSlots): string | null {
  const folder = slots.folder?.[0];
  if (folder) return folder.path && !folder.path.includes("/") ? folder.path : null;
  const word = slots.word?.[0]?.raw;
  return word && /^[\w.-]+$/.test(word) && !/^\.+$/.test(word) ? word : null;
}

/** Folder name rules. */
export const FOLDER_NAME_RULES: readonly IntentRule[] = [
  {
    id: "folders-named",
    summary: "whether there is a folder of a name, and where",
    examples: ["is there a test folder?", "is there a folder called dialects"],
    needs: ["list_folder"],
    patterns: [
      "exist (?<folder>D)",
      "exist (?<word>W|test|C) folder",
      "exist folder (?:named )?(?<word>W|test|C)",
      "(?:show |find )?folder named (?<word>W|test|C)",
    ].map(rulePattern),
    build(slots) {
      const name = nameOf(slots);
      if (name === null) return "the folder's name is not one plain name";
      return {
        program: WALK,
        params: { name },
        reading: `the folders named ${quoted(name)} at any depth, empty ones too (node_modules not entered; none found means there is none)`,
      };
    },
  },
];
