/**
 * A model cannot call a tool it was never shown. When a prompt shows only some of a large kit's
 * tools (`pickTools`: its Tools section starts "(N of the kit's M tools"), a behaviour profile's
 * calls of the intent's own tools that the prompt left out are renamed to names that do not
 * exist (`unseen_read_file(`), in every attempt: the answer fails the gate, as a model guessing
 * a name would. A prompt showing every tool is answered as before, byte for byte.
 */
import { FILE_TOOL_SPECS } from "@lackpy/kit/node";
import { EVAL_TOOL_SPECS } from "../workspace/eval-tools.js";

/** The tools the intents' programs call: the file tools and the eval kit's. */
export const INTENT_TOOLS: readonly string[] = [...FILE_TOOL_SPECS, ...EVAL_TOOL_SPECS].map(
  (spec) => spec.name,
);

const SUBSET = /^\(\d+ of the kit's \d+ tools/;

/** The tools a system prompt's Tools section shows, or null when it shows the whole kit. */
export function shownTools(system: string): Set<string> | null {
  const start = system.indexOf("Tools:\n");
  if (start < 0) return null;
  const section = system.slice(start + "Tools:\n".length).split("\n\n")[0];
  const lines = section.split("\n");
  if (!SUBSET.test(lines[0] ?? "")) return null;
  return new Set(
    lines.flatMap((line) => {
      const match = /^([A-Za-z_$][\w$]*)\(/.exec(line);
      return match ? [match[1]] : [];
    }),
  );
}

/** The answer with every call of an intent tool the prompt did not show renamed to `unseen_<name>`. */
export function hideUnseenTools(answer: string, system: string): string {
  const shown = shownTools(system);
  if (!shown) return answer;
  const unseen = INTENT_TOOLS.filter((name) => !shown.has(name));
  if (unseen.length === 0) return answer;
  return answer.replace(
    new RegExp(`(?<![\\w$.])(${unseen.join("|")})(?=\\s*\\()`, "g"),
    (name) => `unseen_${name}`,
  );
}
