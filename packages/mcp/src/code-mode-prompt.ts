import type { McpServer } from "@modelcontextprotocol/server";
import type { LackpyService } from "@lackpy/service";
import * as z from "zod";

/** The name of the prompt that teaches a client model to write lackpy programs. */
export const CODE_MODE_PROMPT = "lackpy";

/**
 * The text of the code-mode prompt for a kit (the workspace's default kit when none is given):
 * how to use run_program, the kit's tools as typed signatures, and the whole language spec.
 */
export async function codeModePromptText(service: LackpyService, kit?: string): Promise<string> {
  const resolved = await service.resolveKit(kit === undefined || kit === "" ? undefined : kit);
  const { grade, description } = resolved.kit;
  const kitArgument = JSON.stringify(resolved.name);
  return [
    "# Code mode: write one lackpy program instead of many tool calls",
    "",
    `Instead of calling tools one at a time, write one short lackpy program that calls the kit's tools and run it with the \`run_program\` tool (arguments: \`program\`, and \`kit: ${kitArgument}\`). lackpy validates the program first (each error comes back with its line, column and a hint), runs it with limits, and returns the output (the value of the last expression), what \`print\` wrote, and a summary of the tool calls.`,
    "",
    "- Call tools by bare name with positional arguments, in the order of the signatures below.",
    "- End with an expression: its value is the answer. Filter, count and slice in the program, so the answer you get back is small.",
    "- `validate` checks a program without running it; `delegate` takes an intent in words and lets lackpy write the program.",
    "",
    `## The kit ${kitArgument} (grade w=${grade.w} d=${grade.d})`,
    "",
    description || "(no tools: the program can use only the helper builtins)",
    "",
    service.languageSpec().markdown,
  ].join("\n");
}

/** Registers the code-mode prompt (`prompts/get lackpy`, optional `kit` argument). */
export function registerCodeModePrompt(server: McpServer, service: LackpyService): void {
  server.registerPrompt(
    CODE_MODE_PROMPT,
    {
      title: "Write lackpy programs (code mode)",
      description:
        "Teaches the lackpy language and a kit's tools, so you can answer with one run_program call instead of a chain of tool calls.",
      argsSchema: z.object({
        kit: z
          .string()
          .optional()
          .describe("A kit name, a .kit path or a comma list of tools; the default kit if empty."),
      }),
    },
    async (args) => ({
      description: "The lackpy language and the kit's tools",
      messages: [
        {
          role: "user" as const,
          content: { type: "text" as const, text: await codeModePromptText(service, args.kit) },
        },
      ],
    }),
  );
}
