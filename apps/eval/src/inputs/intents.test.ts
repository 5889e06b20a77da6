import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseIntent, type LackpyService } from "@lackpy/service";
import { checkAnswer } from "../replay/checks.js";
import { openEvalService } from "../workspace/eval-service.js";
import { loadIntents } from "./intents.js";
import { editsFiles, evaluateRules } from "../replay/replay.js";
import type { Intent } from "./types.js";
import { prepareWorkspace, type PreparedWorkspace } from "../workspace/workspace.js";

const intents = await loadIntents();

/** Intents that change files (their check applies to a file after the run): each gold needs its own workspace copy. */
const editing = intents.filter(editsFiles);
const answering = intents.filter((intent) => !editsFiles(intent));

/** Families: intents that differ only by one literal, which their golds also share (the template ratchet's generalisation). */
const FAMILIES: readonly (readonly string[])[] = [
  ["first-line-guide", "first-line-pricing", "first-line-changelog"],
  ["category-stock-coffee", "category-stock-supplies", "category-stock-gear"],
  ["where-defined-formatprice", "where-defined-loadproducts"],
];

const byId = new Map(intents.map((intent) => [intent.id, intent]));
const goldCases = (list: readonly Intent[]) =>
  list.flatMap((intent) =>
    intent.gold.map((gold, index) => ({ name: `${intent.id} gold ${index + 1}`, intent, gold })),
  );

/** The empty value of an answer's type. */
function emptyOf(value: unknown): unknown {
  if (typeof value === "string") return "";
  if (typeof value === "number") return 0;
  if (typeof value === "boolean") return false;
  if (Array.isArray(value)) return [];
  return {};
}

/** A plausible wrong answer close to `value`: one character, one number, one element or one field off. */
function mutate(value: unknown): unknown {
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  if (typeof value === "string")
    return value === "" ? "x" : (value[0] === "x" ? "y" : "x") + value.slice(1);
  if (Array.isArray(value)) return value.slice(1);
  if (value !== null && typeof value === "object") {
    const [first] = Object.keys(value);
    return { ...value, [first]: mutate((value as Record<string, unknown>)[first]) };
  }
  return "x";
}

/** Wrong answers every output check must refuse; `equals`/`set_equals` also refuse an extra element. */
function wrongAnswers(intent: Intent, output: unknown): [string, unknown][] {
  const wrong: [string, unknown][] = [
    ["null", null],
    ["empty", emptyOf(output)],
    ["mutated", mutate(output)],
  ];
  if (
    Array.isArray(output) &&
    output.length > 0 &&
    (intent.check.kind === "equals" || intent.check.kind === "set_equals")
  )
    wrong.push(["extra element", [...output, mutate(output[output.length - 1])]]);
  return wrong;
}

describe("the intent set", () => {
  it("has enough intents, with unique kebab-case ids", () => {
    expect(intents.length).toBeGreaterThanOrEqual(48);
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(intents.length);
  });

  it("mixes kits and difficulties", () => {
    const count = (test: (intent: Intent) => boolean) => intents.filter(test).length;
    expect(count((intent) => intent.kit === "eval")).toBeGreaterThanOrEqual(14);
    expect(count((intent) => intent.kit === "files")).toBeGreaterThanOrEqual(8);
    expect(count((intent) => intent.kit === "readonly")).toBeGreaterThanOrEqual(14);
    expect(count((intent) => intent.difficulty === "core")).toBeGreaterThanOrEqual(36);
    expect(count((intent) => intent.difficulty === "stretch")).toBeGreaterThanOrEqual(16);
  });

  it("has at least 8 editing intents, all with the files kit and a file check", () => {
    expect(editing.length).toBeGreaterThanOrEqual(8);
    for (const intent of editing) expect(intent.kit, intent.id).toBe("files");
    for (const intent of intents.filter((item) => item.kit === "files"))
      expect(intent.check.file, intent.id).toBeDefined();
  });

  it("has at least 8 intents with params, each named in the text and read by every gold", () => {
    const withParams = intents.filter((intent) => intent.params !== undefined);
    expect(withParams.length).toBeGreaterThanOrEqual(8);
    for (const intent of withParams)
      for (const [name, value] of Object.entries(intent.params ?? {})) {
        expect(intent.text, intent.id).toContain(String(value));
        for (const gold of intent.gold)
          expect(gold, intent.id).toMatch(new RegExp(`\\b${name}\\b`));
      }
  });

  it("has at least 24 intents with 1 to 3 paraphrases, and no wording used twice", () => {
    const paraphrased = intents.filter((intent) => (intent.paraphrases ?? []).length > 0);
    expect(paraphrased.length).toBeGreaterThanOrEqual(24);
    for (const intent of paraphrased)
      expect(intent.paraphrases?.length, intent.id).toBeLessThanOrEqual(3);
    const wordings = intents.flatMap((intent) =>
      [intent.text, ...(intent.paraphrases ?? [])].map(normaliseIntent),
    );
    expect(new Set(wordings).size).toBe(wordings.length);
  });

  it("has short gold programs", () => {
    for (const intent of intents)
      for (const gold of intent.gold)
        expect(gold.split("\n").length, intent.id).toBeLessThanOrEqual(8);
  });

  it.each(FAMILIES.map((ids) => [ids.join(", "), ids] as const))(
    "family %s differs only by one literal, in the text and in the gold",
    (_name, ids) => {
      const members = ids.map((id) => byId.get(id));
      for (const [index, member] of members.entries()) {
        expect(member, ids[index]).toBeDefined();
        expect(member?.params, ids[index]).toBeUndefined();
      }
      const words = members.map((member) => member?.text.split(" ") ?? []);
      const shapes = members.map((member, index) => {
        const differing = words[index].filter(
          (word, at) => word !== words[(index + 1) % ids.length][at],
        );
        expect(differing, ids[index]).toHaveLength(1);
        const literal = differing[0];
        expect(member?.gold[0], ids[index]).toContain(`"${literal}"`);
        return member?.gold[0].split(`"${literal}"`).join('"{}"');
      });
      expect(new Set(shapes).size).toBe(1);
    },
  );
});

describe("gold programs", () => {
  let ws: PreparedWorkspace;
  let pristine: PreparedWorkspace;
  let service: LackpyService;
  beforeAll(async () => {
    ws = await prepareWorkspace();
    pristine = await prepareWorkspace();
    service = await openEvalService(ws.dir);
  });
  afterAll(async () => {
    await service?.close();
    await ws?.dispose();
    await pristine?.dispose();
  });

  it.each(goldCases(answering))(
    "$name answers its intent, and null, empty and mutated answers fail its check",
    async ({ intent, gold }) => {
      const result = await service.runProgram(gold, { kit: intent.kit, params: intent.params });
      expect(result.error).toBeNull();
      expect(result.success).toBe(true);
      const verdict = checkAnswer(intent.check, { output: result.output, workspace: ws.dir });
      expect(verdict.detail).toMatch(/^(equal|same set|contains|matches|locates)$/);
      expect(verdict.pass).toBe(true);
      for (const [label, answer] of wrongAnswers(intent, result.output)) {
        const wrong = checkAnswer(intent.check, { output: answer, workspace: ws.dir });
        expect(wrong.pass, `${label}: ${JSON.stringify(answer)}`).toBe(false);
      }
    },
  );

  it.each(goldCases(editing))("$name edits the workspace as asked", async ({ intent, gold }) => {
    const fresh = await prepareWorkspace();
    const own = await openEvalService(fresh.dir);
    try {
      const result = await own.runProgram(gold, { kit: intent.kit, params: intent.params });
      expect(result.error).toBeNull();
      expect(result.success).toBe(true);
      const verdict = checkAnswer(intent.check, { output: result.output, workspace: fresh.dir });
      expect(verdict.detail).toMatch(/: (equal|same set|contains|matches|locates)$/);
      expect(verdict.pass).toBe(true);
    } finally {
      await own.close();
      await fresh.dispose();
    }
  });

  it.each(editing.map((intent) => [intent.id, intent] as const))(
    "%s: the unmodified workspace fails the file check",
    (_id, intent) => {
      expect(checkAnswer(intent.check, { output: null, workspace: pristine.dir }).pass).toBe(false);
      expect(checkAnswer(intent.check, { output: null, workspace: ws.dir }).pass).toBe(false);
    },
  );
});

describe("the rules tier", () => {
  it("answers at least 5 intents exactly (the ones tagged rules), each correctly", async () => {
    const answered = (await evaluateRules(intents)).filter((cell) => cell.accepted);
    for (const cell of answered) expect(cell.score, `${cell.intentId}: ${cell.detail}`).toBe(2);
    expect(answered.length).toBeGreaterThanOrEqual(5);
    expect(answered.map((cell) => cell.intentId)).toEqual(
      intents.filter((intent) => intent.tags.includes("rules")).map((intent) => intent.id),
    );
  });

  it("answers paraphrases correctly whenever it answers them", async () => {
    const paraphrases = intents.flatMap((intent) =>
      (intent.paraphrases ?? []).map((text) => ({ ...intent, text })),
    );
    for (const cell of await evaluateRules(paraphrases))
      if (cell.accepted) expect(cell.score, `${cell.intentId}: ${cell.detail}`).toBe(2);
  });
});
