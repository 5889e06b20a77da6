/**
 * Wave 2's code, side by side with today's in one run (issue 37): the last commit before the
 * wave-3 work, built in a checkout of its own that `LACKPY_WAVE2_SRC` names. Nothing of it is
 * committed here; `bench/wave2-checkout.sh <folder>` makes and builds one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServicePackage } from "./template-service.js";

/** The last commit before the wave-3 work (`Merge branch 'move-infer'` and the rest came after it). */
export const WAVE2_COMMIT = "5614f42";

/** How to enable the wave-2 rows, for the line printed when they are left out. */
export const WAVE2_HINT = `set LACKPY_WAVE2_SRC to a built checkout of ${WAVE2_COMMIT} (bench/wave2-checkout.sh <folder> makes one)`;

/** Wave 2's checkout, or why its rows are left out (`missing`: not asked for; `broken`: asked for, unusable). */
export function findWaveTwo(
  env: Record<string, string | undefined> = process.env,
): { root: string } | { missing: string } | { broken: string } {
  const src = env.LACKPY_WAVE2_SRC;
  if (!src) return { missing: "LACKPY_WAVE2_SRC is not set" };
  const root = path.resolve(src);
  for (const built of [serviceEntry(root), waveTwoBin(root)])
    if (!existsSync(built))
      return {
        broken: `LACKPY_WAVE2_SRC=${src} has no ${path.relative(root, built)} (not built?)`,
      };
  return { root };
}

/** Wave 2's `@lackpy/service`, as built in its checkout (the same two exports a bench uses). */
export async function loadWaveTwoService(root: string): Promise<ServicePackage> {
  return (await import(pathToFileURL(serviceEntry(root)).href)) as ServicePackage;
}

/** Wave 2's `lackpy` bin. */
export function waveTwoBin(root: string): string {
  return path.join(root, "packages", "cli", "bin", "lackpy.js");
}

function serviceEntry(root: string): string {
  return path.join(root, "packages", "service", "dist", "index.js");
}
