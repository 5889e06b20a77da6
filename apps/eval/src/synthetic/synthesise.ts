/**
 * `eval synth`: regenerates the synthetic fixtures. Starts the loopback model server and records
 * each behaviour profile through the real Ollama or Anthropic provider and the real recorder,
 * exactly as `eval record` records a real model; the files are marked `source: "synthetic"`.
 */
import { rm } from "node:fs/promises";
import { PROMPT_VARIANTS } from "@lackpy/infer";
import { fixturePath } from "../inputs/fixtures.js";
import { recordFixtures } from "../record/record.js";
import type { Intent } from "../inputs/types.js";
import { startSyntheticServer } from "./model-server.js";
import { PROFILES } from "./profiles.js";

/** Trials recorded per synthetic cell. */
export const SYNTHETIC_TRIALS = 3;

/** Records every profile (or the named ones) into `dir`, replacing earlier synthetic files; returns the files written. */
export async function synthesiseFixtures(options: {
  intents: readonly Intent[];
  dir: string;
  profiles?: readonly string[];
  onProgress?: (message: string) => void;
}): Promise<string[]> {
  const server = await startSyntheticServer(options.intents);
  const written: string[] = [];
  try {
    for (const name of options.profiles ?? Object.keys(PROFILES)) {
      const profile = PROFILES[name];
      if (!profile)
        throw new Error(
          `No behaviour profile '${name}'; have ${Object.keys(PROFILES).join(", ")}.`,
        );
      const file = fixturePath(profile.provider, profile.model, options.dir);
      // Synthetic fixtures are regenerated from code, so the old file is simply replaced.
      await rm(file, { force: true });
      const summary = await recordFixtures({
        provider: profile.provider,
        model: profile.model,
        host: server.url,
        baseUrl: server.url,
        apiKey: "synthetic",
        intents: options.intents,
        variants: PROMPT_VARIANTS,
        trials: SYNTHETIC_TRIALS,
        paraphrases: true,
        temperature: 0.7,
        file,
        source: "synthetic",
        description: profile.description,
        effects: profile.effects,
        recorder: "eval synth",
        // One cell at a time: per-call noise depends on how often a prompt was asked before.
        concurrency: 1,
      });
      if (summary.failed.length > 0)
        throw new Error(
          `${profile.model}: ${summary.failed.length} cells failed, e.g. ${summary.failed[0].cell}: ${summary.failed[0].reason}`,
        );
      options.onProgress?.(
        `${profile.provider}/${profile.model}: ${summary.recorded} cells, ${summary.calls} calls`,
      );
      written.push(file);
    }
  } finally {
    await server.close();
  }
  return written;
}
