/** A service over a workspace copy, configured the same way for record, replay and the ratchet simulation. */
import type { Provider } from "@lackpy/infer";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { registerEvalTools } from "./eval-tools.js";
import { registerFillerTools } from "./large-kit.js";

/** Options of `openEvalService`. */
export interface EvalServiceOptions {
  /** Providers by key (e.g. `model`: a replay or recording provider). */
  providers?: Record<string, Provider>;
  /** The inference order; templates then rules by default. */
  order?: string[];
  /** Ratchet settings; off by default so cells never serve each other. */
  ratchet?: { auto: boolean; minSuccesses?: number };
  /** Also register the made-up servers' tools of the 150-tool kit (`large-kit.ts`). */
  fillerTools?: boolean;
}

/**
 * Opens a service over `workspace` with the default config except: in-process runs (the
 * limits still apply; isolation is measured by the bench, not the eval), the given inference
 * order and providers, and the eval kit's tools in the toolbox (and the 150-tool kit's others
 * when asked).
 */
export async function openEvalService(
  workspace: string,
  options: EvalServiceOptions = {},
): Promise<LackpyService> {
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = options.order ?? ["templates", "rules"];
  if (options.ratchet) {
    config.ratchet.auto = options.ratchet.auto;
    if (options.ratchet.minSuccesses !== undefined)
      config.ratchet.minSuccesses = options.ratchet.minSuccesses;
  }
  return LackpyService.open({
    workspace,
    config,
    env: {},
    providers: options.providers ?? {},
    extendToolbox: (toolbox, root) => {
      registerEvalTools(toolbox, root);
      if (options.fillerTools) registerFillerTools(toolbox);
    },
  });
}
