import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SHIPPED_KITS } from "@lackpy/kit";
import { createFileTools, createWorkspaceView } from "@lackpy/kit/node";
import { closeWorkerPool, run } from "@lackpy/run/node";
import { afterAll, beforeAll } from "vitest";
import { matchRules } from "../rules/match-rules.js";

/** The shipped read-only kit's tools: what the rules answer with by default. */
export const READONLY_TOOLS: readonly string[] = Object.keys(SHIPPED_KITS.readonly!.tools);

/** A temporary workspace with these files (path → text); the caller removes it. */
export async function writeWorkspace(
  name: string,
  files: Readonly<Record<string, string>>,
): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), `lackpy-${name}-`));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/**
 * How the rules read a request on the workspace at `root`, and, when a rule answers, what its
 * program gives when the real interpreter runs it over the real file tools (`error` when it fails).
 */
export async function answerRequest(root: string, request: string) {
  const built = await matchRules(request, {
    tools: new Set(READONLY_TOOLS),
    workspace: createWorkspaceView(root),
  });
  if (built.rule === null) return { built, output: undefined, error: null };
  const files = createFileTools(root);
  const result = await run(built.program, {
    tools: Object.fromEntries(
      READONLY_TOOLS.map((name) => [name, files[name as keyof typeof files]]),
    ),
    params: built.params,
    mode: "in-process",
  });
  return { built, output: result.output, error: result.error };
}

/** `answerRequest` for tests whose every answer must run: a program that fails throws. */
export async function answerCleanly(root: string, request: string) {
  const answered = await answerRequest(root, request);
  if (answered.error) throw new Error(`${request}: ${JSON.stringify(answered.error)}`);
  return answered;
}

/**
 * A temporary workspace of `files` for the tests of one file: written before them, removed
 * after (with the worker pool closed); `ask` answers a request over it as `answerCleanly` does.
 */
export function workspaceFor(name: string, files: Readonly<Record<string, string>>) {
  let root = "";
  beforeAll(async () => {
    root = await writeWorkspace(name, files);
  });
  afterAll(async () => {
    await closeWorkerPool();
    await rm(root, { recursive: true, force: true });
  });
  return { ask: (request: string) => answerCleanly(root, request) };
}
