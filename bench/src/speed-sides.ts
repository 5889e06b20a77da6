/**
 * The sides of the `speed` suite, each set up in a process of its own (`side-process.ts`): the
 * native floor of a template answer, and a template delegate or a run of the template's program
 * through today's service or wave 2's (`LACKPY_WAVE2_SRC`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LackpyService } from "@lackpy/service";
import { TEMPLATE_INTENT, TEMPLATE_PROGRAM, templateService } from "./template-service.js";
import { loadWaveTwoService } from "./wave-two.js";

/** The same work in plain Node: read the file, split it into lines, count them. */
export async function nativeFloor(): Promise<() => unknown> {
  const { workspace, service } = await templateService("lackpy-bench-floor-");
  await service.close();
  const readme = path.join(workspace, "README.md");
  return () => readFileSync(readme, "utf8").split("\n").length;
}

/** A delegate a template answers, in-process, through today's service or wave 2's (its checkout). */
export async function templateDelegate(waveTwo?: string): Promise<() => unknown> {
  const service = await serviceOf(waveTwo);
  const delegated = async () => {
    const result = await service.delegate(TEMPLATE_INTENT);
    if (!result.success || result.tier !== "templates")
      throw new Error(`not served by its template: ${JSON.stringify(result.error)}`);
  };
  await delegated();
  return delegated;
}

/** The template's program run through `runProgram`, in-process (validation cached). */
export async function templateProgram(waveTwo?: string): Promise<() => unknown> {
  const service = await serviceOf(waveTwo);
  const ran = async () => {
    const result = await service.runProgram(TEMPLATE_PROGRAM, {
      params: { file: "README.md" },
      mode: "in-process",
    });
    if (!result.success) throw new Error(JSON.stringify(result.error));
  };
  await ran();
  return ran;
}

async function serviceOf(waveTwo: string | undefined): Promise<LackpyService> {
  const build = waveTwo ? await loadWaveTwoService(waveTwo) : undefined;
  return (await templateService("lackpy-bench-speed-", build)).service;
}
