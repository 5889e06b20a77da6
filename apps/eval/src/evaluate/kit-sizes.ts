/**
 * Pass rate and prompt size at two kit sizes: every intent with its own kit (4 to 9 tools), and
 * in the 150-tool kit (`large-kit.ts`: the same tools among twelve made-up MCP servers'), where
 * the prompt builder shows only the tools that fit the request (`pickTools`). Each behaviour
 * profile answers live through the loopback synthetic server and the real Ollama and Anthropic
 * providers, one cell per intent and kit size at the default prompt variant. A profile cannot
 * call a tool the prompt left out (`unseen-tools.ts`), so the large kit passes as often as the
 * small one only when the ranking keeps every tool an intent needs.
 */
import {
  AnthropicProvider,
  DEFAULT_PROMPT_VARIANT,
  OllamaProvider,
  type Provider,
} from "@lackpy/infer";
import type { KitSizeRow } from "../results/report-types.js";
import { wilsonInterval } from "../results/stats.js";
import { Workspaces } from "../replay/replay.js";
import { scoreCell } from "../replay/score-cell.js";
import { startSyntheticServer, systemOf, type SyntheticServer } from "../synthetic/model-server.js";
import { PROFILES, type BehaviourProfile } from "../synthetic/profiles.js";
import { INTENT_TOOLS, shownTools } from "../synthetic/unseen-tools.js";
import type { Intent } from "../inputs/types.js";
import { largeKit } from "../workspace/large-kit.js";

/** The two kit sizes measured. */
export const KIT_SIZES: readonly KitSizeRow["kit"][] = Object.freeze(["own", "large"]);

function providerFor(profile: BehaviourProfile, server: SyntheticServer): Provider {
  return profile.provider === "ollama"
    ? new OllamaProvider({
        name: "model",
        host: server.url,
        model: profile.model,
        temperature: 0.7,
      })
    : new AnthropicProvider({
        name: "model",
        model: profile.model,
        baseUrl: server.url,
        apiKey: "synthetic",
      });
}

/** The system prompt of the first model call among these requests ("" when none). */
function firstPrompt(requests: SyntheticServer["received"]): string {
  for (const request of requests) {
    const system = systemOf(request);
    if (system !== null) return system;
  }
  return "";
}

/** True when the prompt left out a tool one of the intent's gold programs calls. */
function droppedNeededTool(intent: Intent, system: string): boolean {
  const shown = shownTools(system);
  if (!shown) return false;
  const needed = INTENT_TOOLS.filter((name) =>
    intent.gold.some((program) => new RegExp(`(?<![\\w$.])${name}\\s*\\(`).test(program)),
  );
  return needed.some((name) => !shown.has(name));
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]
    : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** Runs every profile over every intent at both kit sizes; one row per profile and kit size. */
export async function measureKitSizes(
  intents: readonly Intent[],
  options: { profiles?: readonly string[]; onProgress?: (message: string) => void } = {},
): Promise<KitSizeRow[]> {
  const server = await startSyntheticServer(intents);
  const rows: KitSizeRow[] = [];
  try {
    for (const name of options.profiles ?? Object.keys(PROFILES)) {
      const profile = PROFILES[name];
      options.onProgress?.(`kit sizes: ${profile.provider}/${profile.model}`);
      const workspaces = new Workspaces({ model: providerFor(profile, server) }, ["model"], {
        fillerTools: true,
      });
      try {
        for (const size of KIT_SIZES) {
          let passes = 0;
          let dropped = 0;
          const prompts: number[] = [];
          const tools: number[] = [];
          for (const intent of intents) {
            const score = await workspaces.withService(intent, async (dir, service) => {
              const own = await service.kitInfo(intent.kit);
              const kit =
                size === "own" ? intent.kit : largeKit(own.tools.map((tool) => tool.name));
              tools.push(size === "own" ? own.tools.length : kit.length);
              const before = server.received.length;
              const result = await service.delegate(intent.text, {
                kit,
                params: intent.params,
                generation: { variant: DEFAULT_PROMPT_VARIANT, intentId: intent.id },
              });
              const system = firstPrompt(server.received.slice(before));
              prompts.push(Buffer.byteLength(system));
              if (droppedNeededTool(intent, system)) dropped++;
              const label = {
                provider: profile.provider,
                model: profile.model,
                source: "synthetic" as const,
                variant: DEFAULT_PROMPT_VARIANT,
                tier: profile.provider,
                trial: 1,
              };
              return scoreCell(result, intent, dir, label).score;
            });
            if (score === 2) passes++;
          }
          rows.push({
            provider: profile.provider,
            model: profile.model,
            source: "synthetic",
            kit: size,
            toolsMin: Math.min(...tools),
            toolsMax: Math.max(...tools),
            cells: intents.length,
            passes,
            passRate: intents.length ? passes / intents.length : 0,
            passInterval: wilsonInterval(passes, intents.length),
            droppedTools: dropped,
            promptBytes: prompts,
            promptBytesMedian: median(prompts),
            promptBytesMax: Math.max(0, ...prompts),
          });
        }
      } finally {
        await workspaces.close();
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}
