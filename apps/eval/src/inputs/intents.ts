/** Loads and checks the intents of `apps/eval/intents/*.json`. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FixtureError } from "./fixtures.js";
import type { Check, Intent } from "./types.js";

/** The committed intents. */
export const INTENTS_DIR = fileURLToPath(new URL("../../intents", import.meta.url));

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KITS = new Set(["readonly", "files", "eval"]);
const CHECKS = new Set<Check["kind"]>(["equals", "set_equals", "contains", "matches", "locates"]);
const LOCATION = /^[\w./-]+(?::[1-9]\d*)?$/;

function problems(intent: Record<string, unknown>): string[] {
  const found: string[] = [];
  const strings = (value: unknown) =>
    Array.isArray(value) && value.every((item) => typeof item === "string");
  if (typeof intent.id !== "string" || !ID.test(intent.id)) found.push("id must be kebab-case");
  if (typeof intent.text !== "string" || intent.text.trim() === "") found.push("text is empty");
  if (!KITS.has(intent.kit as string)) found.push("kit must be readonly, files or eval");
  if (intent.difficulty !== "core" && intent.difficulty !== "stretch")
    found.push("difficulty must be core or stretch");
  if (!strings(intent.tags)) found.push("tags must be strings");
  if (!strings(intent.gold) || (intent.gold as string[]).length === 0)
    found.push("gold needs at least one program");
  if (intent.paraphrases !== undefined && !strings(intent.paraphrases))
    found.push("paraphrases must be strings");
  if (
    intent.params !== undefined &&
    (typeof intent.params !== "object" || intent.params === null || Array.isArray(intent.params))
  )
    found.push("params must be an object");
  const check = intent.check as Partial<Check> | undefined;
  if (!check || !CHECKS.has(check.kind as Check["kind"]) || !("value" in check))
    found.push("check needs a kind (equals, set_equals, contains, matches, locates) and a value");
  else if (
    check.maxLength !== undefined &&
    !(Number.isInteger(check.maxLength) && (check.maxLength as number) > 0)
  )
    found.push("check.maxLength must be a positive whole number");
  else if (check.file !== undefined && typeof check.file !== "string")
    found.push("check.file must be a path");
  else if (check.kind === "set_equals" && !Array.isArray(check.value))
    found.push("a set_equals value must be an array");
  else if (
    check.kind === "locates" &&
    !(
      Array.isArray(check.value) &&
      check.value.length > 0 &&
      check.value.every((entry) => typeof entry === "string" && LOCATION.test(entry))
    )
  )
    found.push('a locates value must list "path" or "path:line" entries');
  else if (check.kind === "matches") {
    try {
      new RegExp(String(check.value));
    } catch {
      found.push("check.value is not a regular expression");
    }
  }
  return found;
}

/** Every intent of every `*.json` file in `dir`, in file then array order; throws on a bad or duplicate intent. */
export async function loadIntents(dir: string = INTENTS_DIR): Promise<Intent[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  const intents: Intent[] = [];
  const seen = new Set<string>();
  for (const name of files) {
    const file = path.join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new FixtureError(
        "invalid_intents",
        `${file}: ${(error as Error).message}`,
        "each intents file is a JSON array of intents",
      );
    }
    if (!Array.isArray(parsed))
      throw new FixtureError(
        "invalid_intents",
        `${file}: expected a JSON array of intents.`,
        "wrap the intents in [ ... ]",
      );
    parsed.forEach((raw: Record<string, unknown>, index) => {
      const found = problems(raw ?? {});
      const label = `${file}[${index}]${typeof raw?.id === "string" ? ` (${raw.id})` : ""}`;
      if (found.length > 0)
        throw new FixtureError(
          "invalid_intents",
          `${label}: ${found.join("; ")}.`,
          "see the Intent type in apps/eval/src/inputs/types.ts",
        );
      if (seen.has(raw.id as string))
        throw new FixtureError(
          "invalid_intents",
          `${label}: the id is used twice.`,
          "give every intent its own id",
        );
      seen.add(raw.id as string);
      intents.push({ ...(raw as unknown as Intent), category: path.basename(name, ".json") });
    });
  }
  return intents;
}
