import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Provider } from "@lackpy/infer";
import type { LackpyService } from "@lackpy/service";
import { checkAnswer } from "./checks.js";
import { openEvalService } from "../workspace/eval-service.js";
import { loadIntents } from "../inputs/intents.js";
import { editsFiles } from "./replay.js";
import { scoreCell } from "./score-cell.js";
import type { Intent } from "../inputs/types.js";
import { PINNED_WORKSPACE_HASH, prepareWorkspace, workspaceHash } from "../workspace/workspace.js";

const intents = await loadIntents();
const answering = intents.filter((intent) => !editsFiles(intent));
const editing = intents.filter(editsFiles);

/** Programs a model could answer every request with, hoping a loose check lets them through. */
const ADVERSARIAL_PROGRAMS: readonly (readonly [string, string])[] = [
  ["every file", 'find_files("**/*")'],
  ["the file count", 'len(find_files("**/*"))'],
  ["every file's text, joined", 'find_files("**/*").map(f => read_file(f)).join("\\n")'],
  ["every file's text, as a list", 'find_files("**/*").map(f => read_file(f))'],
  ["every file with its text", 'find_files("**/*").map(f => ({ file: f, text: read_file(f) }))'],
  [
    "every line of every file, with file and line",
    'find_files("**/*").flatMap(f => read_file(f).split("\\n").map((t, i) => f + ":" + (i + 1) + ": " + t))',
  ],
  ["the empty program", ""],
  ["null", "null"],
  ["[]", "[]"],
  ["{}", "({})"],
  ['""', '""'],
  ["0", "0"],
  ["1", "1"],
  ["true", "true"],
  ["false", "false"],
];

/** Most a fake model that always gives one kind of answer may score. */
const MAX_FAKE_PASS_RATE = 0.02;

/** A fake model: answers every request with `answer(intentId)`, no retries. */
function fakeModel(answer: (intentId: string) => string): Provider {
  return {
    name: "fake",
    tier: "ollama",
    retries: false,
    available: async () => true,
    generate: async (_intent, context) => ({ raw: answer(context.intentId ?? "") }),
  };
}

let readOnly: { dir: string; dispose(): Promise<void> };
let plain: LackpyService;
const goldOutputs = new Map<string, unknown>();

beforeAll(async () => {
  readOnly = await prepareWorkspace();
  plain = await openEvalService(readOnly.dir);
  for (const intent of answering) {
    const result = await plain.runProgram(intent.gold[0], {
      kit: intent.kit,
      params: intent.params,
    });
    goldOutputs.set(intent.id, result.output);
  }
}, 120_000);
afterAll(async () => {
  await plain?.close();
  await readOnly?.dispose();
});

/** Delegates each intent to the fake model through the real pipeline and scores it; editing intents get fresh copies. */
async function scoreFake(model: Provider, over: readonly Intent[]): Promise<number> {
  const shared = await openEvalService(readOnly.dir, { providers: { model }, order: ["model"] });
  let passes = 0;
  try {
    for (const intent of over) {
      const own = editsFiles(intent) ? await prepareWorkspace() : null;
      const service = own
        ? await openEvalService(own.dir, { providers: { model }, order: ["model"] })
        : shared;
      try {
        const result = await service.delegate(intent.text, {
          kit: intent.kit,
          params: intent.params,
          generation: { intentId: intent.id },
        });
        const cell = scoreCell(result, intent, own?.dir ?? readOnly.dir, {
          provider: "fake",
          model: "fake",
          source: "synthetic",
          variant: "full",
          tier: "ollama",
          trial: 1,
        });
        if (cell.score === 2) passes += 1;
      } finally {
        if (own) {
          await service.close();
          await own.dispose();
        }
      }
    }
  } finally {
    await shared.close();
  }
  return passes / over.length;
}

describe("adversarial answers", () => {
  it.each(ADVERSARIAL_PROGRAMS)(
    "a fake model that always answers %s scores at most 2%% over every intent",
    async (_label, program) => {
      const rate = await scoreFake(
        fakeModel(() => program),
        intents,
      );
      expect(rate).toBeLessThanOrEqual(MAX_FAKE_PASS_RATE);
      // The answers only read: the shared copy is still the workspace fixture.
      expect(await workspaceHash(readOnly.dir)).toBe(PINNED_WORKSPACE_HASH);
    },
    60_000,
  );

  it("a fake model that answers each request with another intent's gold program scores at most 2%", async () => {
    const next = new Map(
      intents.map((intent, index) => [intent.id, intents[(index + 1) % intents.length]]),
    );
    const rate = await scoreFake(
      fakeModel((id) => next.get(id)!.gold[0]),
      intents,
    );
    expect(rate).toBeLessThanOrEqual(MAX_FAKE_PASS_RATE);
  }, 120_000);

  it.each(answering.map((intent) => [intent.id, intent] as const))(
    "%s refuses every other intent's gold output",
    (id, intent) => {
      for (const [other, output] of goldOutputs) {
        if (other === id) continue;
        const verdict = checkAnswer(intent.check, { output, workspace: readOnly.dir });
        expect(verdict.pass, `${other}'s answer ${JSON.stringify(output)?.slice(0, 80)}`).toBe(
          false,
        );
      }
    },
  );

  it.each(editing.map((intent) => [intent.id, intent] as const))(
    "%s's gold leaves a workspace that every other editing intent's check refuses",
    async (id, intent) => {
      const copy = await prepareWorkspace();
      const service = await openEvalService(copy.dir);
      try {
        const result = await service.runProgram(intent.gold[0], {
          kit: intent.kit,
          params: intent.params,
        });
        expect(result.success).toBe(true);
        for (const other of editing.filter((candidate) => candidate.id !== id))
          expect(
            checkAnswer(other.check, { output: result.output, workspace: copy.dir }).pass,
            other.id,
          ).toBe(false);
      } finally {
        await service.close();
        await copy.dispose();
      }
    },
  );
});
