import { cp, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "@lackpy/run";
import {
  DEFAULT_CONFIG,
  LackpyService,
  type KitForRequest,
  type LackpyConfig,
} from "@lackpy/service";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));

/** The program of the benches' template, and the intent its pattern answers. */
export const TEMPLATE_PROGRAM = `len(read_file(file).split("\\n"))`;
export const TEMPLATE_INTENT = "count lines in README.md";

/** The service package a bench runs: today's, or another build of it (wave 2's, `wave-two.ts`). */
export interface ServicePackage {
  LackpyService: new (options: { workspace: string; config?: LackpyConfig }) => LackpyService;
  DEFAULT_CONFIG: LackpyConfig;
}

/** An in-process service over a copy of the example workspace, with one template saved. */
export async function templateService(
  prefix: string,
  build: ServicePackage = { LackpyService, DEFAULT_CONFIG },
): Promise<{ service: LackpyService; kit: KitForRequest; workspace: string }> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(EXAMPLE, workspace, { recursive: true });
  const config = structuredClone(build.DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  const service = new build.LackpyService({ workspace, config });
  await service.create(TEMPLATE_PROGRAM, {
    name: "count-lines",
    pattern: "count lines in {file}",
  });
  return { service, kit: await service.resolveKit(), workspace };
}

/** The bare run of the template's program: `run` of `@lackpy/run` with the kit's tools, in-process. */
export function bareTemplateRun(kit: KitForRequest): Promise<unknown> {
  return run(TEMPLATE_PROGRAM, {
    tools: kit.kit.callables,
    toolSpecs: kit.kit.tools,
    params: { file: "README.md" },
    mode: "in-process",
  });
}
