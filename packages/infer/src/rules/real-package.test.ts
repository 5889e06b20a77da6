import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools, createWorkspaceView, FILE_TOOL_SPECS } from "@lackpy/kit/node";
import { validate } from "@lackpy/lang";
import { run } from "@lackpy/run";
import { EVERYDAY_NEEDS, goldOf } from "../__fixtures__/everyday-requests.js";
import { plainWorkspace, type PlainWorkspace } from "../__fixtures__/plain-workspace.js";
import { SHIPPED_KITS } from "@lackpy/kit";
import { matchRules } from "./match-rules.js";

/**
 * The rules on a copy of a real package (the `ollama` client as installed: sources, bundles, a
 * README, a LICENSE and a package.json), asked 120 everyday requests in varied wording with the
 * shipped `readonly` kit and no model. Every answer is run by the real interpreter over the real
 * file tools and compared with a gold answer computed in plain Node.
 */
let root: string;
let workspace: PlainWorkspace;
const READONLY = Object.keys(SHIPPED_KITS.readonly.tools);
const SPECS = FILE_TOOL_SPECS.filter((spec) => READONLY.includes(spec.name));

beforeAll(async () => {
  const installed = path.dirname(createRequire(import.meta.url).resolve("ollama/package.json"));
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-real-package-"));
  await cp(installed, root, { recursive: true, dereference: true });
  workspace = plainWorkspace(root);
});

afterAll(() => rm(root, { recursive: true, force: true }));

type Outcome = { phrasing: string; verdict: "right" | "wrong" | "unanswered"; detail: string };

async function ask(
  phrasing: string,
  gold: unknown,
  mode: "in-process" | "isolated" = "in-process",
): Promise<Outcome> {
  const tools = createFileTools(root);
  const built = await matchRules(phrasing, {
    tools: new Set(READONLY),
    workspace: createWorkspaceView(root),
  });
  if (built.rule === null) return { phrasing, verdict: "unanswered", detail: built.reason };
  const validation = validate(built.program, { tools: SPECS, params: Object.keys(built.params) });
  if (!validation.valid)
    return {
      phrasing,
      verdict: "wrong",
      detail: `${built.rule}: invalid: ${validation.errors[0]?.message}`,
    };
  const result = await run(built.program, {
    tools: Object.fromEntries(READONLY.map((name) => [name, tools[name as keyof typeof tools]])),
    params: built.params,
    mode,
  });
  // definitions_of rows also say what each line defines (`kind`), which the gold does not.
  const output = Array.isArray(result.output)
    ? result.output.map((row) =>
        row && typeof row === "object" && "kind" in row ? { ...row, kind: undefined } : row,
      )
    : result.output;
  const right = result.error === null && JSON.stringify(output) === JSON.stringify(gold);
  return {
    phrasing,
    verdict: right ? "right" : "wrong",
    detail: `${built.rule}: ${result.error ? result.error.message : JSON.stringify(result.output)?.slice(0, 200)}`,
  };
}

describe("the rules on a copy of a real package", () => {
  it("has at least 100 requests in varied wording, five per need", () => {
    const phrasings = EVERYDAY_NEEDS.flatMap((need) => need.phrasings);
    expect(phrasings.length).toBeGreaterThanOrEqual(100);
    expect(new Set(phrasings).size).toBe(phrasings.length);
    for (const need of EVERYDAY_NEEDS) expect(need.phrasings, need.need).toHaveLength(5);
  });

  it("never answers wrongly, and answers at least 80% right", async () => {
    const outcomes: Outcome[] = [];
    for (const need of EVERYDAY_NEEDS)
      for (const phrasing of need.phrasings)
        outcomes.push(await ask(phrasing, goldOf(need, phrasing, workspace)));
    const count = (verdict: Outcome["verdict"]) =>
      outcomes.filter((outcome) => outcome.verdict === verdict);
    const report = outcomes.map(
      (outcome) => `${outcome.verdict.padEnd(10)} ${outcome.phrasing} → ${outcome.detail}`,
    );
    console.log(
      `rules on a real package: ${count("right").length} right, ${count("wrong").length} wrong, ${count("unanswered").length} unanswered of ${outcomes.length}\n${report.filter((line) => !line.startsWith("right")).join("\n")}`,
    );
    expect(count("wrong").map((outcome) => `${outcome.phrasing} → ${outcome.detail}`)).toEqual([]);
    expect(count("right").length / outcomes.length).toBeGreaterThanOrEqual(0.8);
  });
});
