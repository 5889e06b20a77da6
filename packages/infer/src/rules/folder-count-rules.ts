/**
 * How many folders a folder holds ("how many subdirectories does docs have", "locale/ - how many
 * folders does it contain?"), directly in it, or at any depth when the request says so ("at any
 * depth", "recursively", "subfolders included"). Folders come from `list_folder`, which lists
 * empty folders too (a folder that holds no file is still a folder), and says what it skipped
 * (hidden and protected folders are neither counted nor opened).
 */
import { globFor } from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { foldersNotFlat, kindsOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** Every folder below `folder`, each listed once: a breadth-first walk over `list_folder`. */
const DEEP_FOLDERS = [
  "const folders = [folder]",
  "for (let index = 0; index < len(folders); index++) {",
  "  for (const entry of list_folder(folders[index])) {",
  '    if (entry.kind === "folder") folders.push(entry.path)',
  "  }",
  "}",
  "len(folders) - 1",
].join("\n");

/** The folder a match names: a grounded `D`, or the top folder. */
const FOLDER = "(?:(?<folder>D)|(?<top>toplevel))";

/** Folder counting rules. */
export const FOLDER_COUNT_RULES: readonly IntentRule[] = [
  {
    id: "count-folders",
    summary: "count the folders in a folder, directly or at any depth",
    examples: [
      "how many folders does src have",
      "count every folder under src recursively",
      "how many directories are there, at any depth",
    ],
    needs: ["list_folder"],
    patterns: [
      `count (?:all )?folder (?:in )?${FOLDER}(?: shallow)?(?: (?:have|contain))?(?: (?<deep>deep))?`,
      `count (?:all )?folder(?: (?<deep>deep))? in ${FOLDER}`,
      `${FOLDER} count (?:all )?folder(?: (?:have|contain))?(?: (?<deep>deep))?`,
      // "how many folders are there": every folder only when "all" or a depth word says so.
      "count (?<all>all) folder(?: (?<deep>deep))?",
      "count folder (?<deep>deep)",
      "count (?<top>toplevel) folder",
      // "how many directories are there": answered only where the top folder's folders are all of them.
      "count (?<either>folder)",
      // "how many directories does the repo have" (the repo goes: it is the workspace).
      "count (?<either>folder) have",
    ].map(rulePattern),
    async build(slots, context) {
      const notFlat = slots.either ? await foldersNotFlat(context) : null;
      if (notFlat) return notFlat;
      const folder = slots.folder?.[0]?.path ?? "";
      // A folder under node_modules is full of links list_folder does not list.
      if (folder.split("/").includes("node_modules"))
        return "a folder under node_modules may hold links, which list_folder does not list";
      const deep = slots.deep !== undefined || slots.all !== undefined;
      const where = folder ? quoted(folder) : "the top folder";
      return {
        program: deep
          ? DEEP_FOLDERS
          : 'len(list_folder(folder).filter(entry => entry.kind === "folder"))',
        params: { folder: folder || "." },
        reading: deep
          ? `the number of folders under ${where}, at any depth (list_folder; empty folders count, hidden ones are not opened)`
          : `the number of folders directly in ${where} (list_folder)`,
      };
    },
  },
  {
    id: "count-per-subfolder",
    summary:
      "count the files under each top-level folder, or each subfolder of a folder, at any depth",
    examples: [
      "how many files are in each top-level folder",
      "count the markdown files per subfolder of src",
    ],
    needs: ["find_files"],
    patterns: [
      "count (?:{kind} )?file (?:in )?per (?:(?<top>toplevel) folder|folder in toplevel)",
      "count (?:{kind} )?file (?:in )?per (?<folder>D) folder",
      "count (?:{kind} )?file (?:in )?per folder (?:in )?(?<folder>D)",
      "(?:show )?(?:{kind} )?file count per (?:(?<top>toplevel) folder|folder in toplevel)",
    ].map(rulePattern),
    build(slots) {
      if (slots.source) return "“source” may mean every file or only the code";
      const folder = slots.folder?.[0]?.path ?? "";
      const extensions = kindsOf(slots.kind);
      const pattern = globFor(folder, extensions);
      const prefix = folder ? `${folder}/` : "";
      return {
        program: [
          "const counts = {}",
          "for (const file of find_files(pattern, { hidden: true })) {",
          "  const rest = file.slice(len(prefix))",
          '  if (!rest.includes("/")) continue',
          '  const folder = prefix + rest.split("/")[0]',
          "  counts[folder] = (counts[folder] ?? 0) + 1",
          "}",
          "counts",
        ].join("\n"),
        params: { pattern, prefix },
        reading: `the number of ${filesText(pattern, extensions)} under each ${folder ? `subfolder of ${quoted(folder)}` : "top-level folder"}, at any depth (files directly in ${folder ? quoted(folder) : "the top folder"}, and folders where find_files lists none, left out)`,
      };
    },
  },
];
