import { validate } from "@lackpy/lang";
import {
  PATTERN_HINT,
  patternParams,
  patternProblem,
  type TemplateOrigin,
} from "@lackpy/infer/node";
import { isEmptyProgram } from "./generalise-program.js";
import { checkPlainName } from "../config/plain-name.js";
import { ServiceError } from "../service-error.js";
import type { KitForRequest, TemplateInfo } from "../service-types.js";
import type { TemplateStore } from "../store/store-types.js";

/** What a new template is: its name, pattern, the request params it reads, who wrote it, and whether it may replace one. */
export interface CreateTemplateOptions {
  name: string;
  pattern?: string | null;
  /** Request parameters the program reads besides the pattern's placeholders (e.g. `--param country=FR`). */
  params?: readonly string[];
  /** Who wrote it (default `person`): the ratchet sets aside only its own templates. */
  origin?: TemplateOrigin;
  force?: boolean;
}

/**
 * Validates a program for a kit and saves it as a template in the workspace's store; pattern placeholders become string params. An empty program is never saved.
 */
export async function createTemplate(
  program: string,
  options: CreateTemplateOptions,
  kit: KitForRequest,
  store: TemplateStore,
): Promise<TemplateInfo> {
  checkPlainName(options.name, "template");
  const pattern = options.pattern ?? null;
  const problem = pattern === null ? null : patternProblem(pattern);
  if (problem !== null)
    throw new ServiceError(
      "invalid_option",
      `The pattern '${pattern}' cannot be used: ${problem}.`,
      {
        hint: PATTERN_HINT,
      },
    );
  const placeholders = pattern ? patternParams(pattern) : [];
  const source = program.trim();
  if (isEmptyProgram(source))
    throw new ServiceError("invalid_program", "The program is empty, so it was not saved.", {
      hint: "a template needs at least one statement; its last expression is the output",
    });
  const requestParams = (options.params ?? []).filter((name) => !placeholders.includes(name));
  const validation = validate(source, {
    tools: kit.kit.tools,
    params: [...placeholders, ...requestParams],
  });
  if (!validation.valid) {
    const first = validation.errors[0];
    throw new ServiceError(
      "invalid_program",
      `The program is not valid, so it was not saved: ${first.message}`,
      { hint: first.hint, errors: validation.errors },
    );
  }
  if (!options.force && (await store.has(options.name)))
    throw new ServiceError(
      "template_exists",
      `A template named '${options.name}' already exists.`,
      {
        hint: "choose another name, or pass force to replace it",
      },
    );
  const created = new Date().toISOString();
  const template = {
    name: options.name,
    pattern,
    successCount: 0,
    failCount: 0,
    created,
    kit: kit.name,
    ...(requestParams.length ? { params: [...new Set(requestParams)] } : {}),
    origin: options.origin ?? ("person" as const),
    program: source,
  };
  const file = await store.write(template, { force: options.force ?? false });
  return { ...template, path: file };
}
