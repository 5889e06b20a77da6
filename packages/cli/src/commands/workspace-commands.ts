import { defineCommand } from "citty";
import { kitUseText } from "../output/kit-use-text.js";
import { formatLanguageSpec, languageSpec } from "@lackpy/lang";
import type { LackpyService, RatchetStatus, WorkspaceStatus } from "@lackpy/service";
import { relativeTo } from "../output/cli-wording.js";
import { printDemotedTemplates } from "../output/format-results.js";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";
import { trustLines } from "./trust-commands.js";
import { recoveryLine } from "../io/recovery-line.js";

/** `lackpy init`: create `.lackpy/` with a commented config and trust what it wrote; never overwrites. */
export function initCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "init",
      description:
        "Create .lackpy/ (config, kits, templates) in the workspace and trust the config it writes; never overwrites",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const { initWorkspace } = await import("@lackpy/service");
      const { resolve } = await import("node:path");
      const workspace = resolve(context.io.cwd, args.workspace ?? ".");
      const result = await initWorkspace(workspace);
      // lackpy trusts what it writes; a config that was already there is not trusted here.
      const trusted = result.created.includes(".lackpy/config.toml");
      if (trusted) await (await context.service(workspace)).trust();
      if (args.json) return printJson(context, { ...result, trusted });
      for (const file of result.created) context.io.stdout(`created ${file}\n`);
      for (const file of result.existing) context.io.stdout(`kept    ${file} (already there)\n`);
      if (trusted) context.io.stdout("trusted .lackpy/config.toml (lackpy wrote it)\n");
    },
  });
}

/** A broken user file, as `status` lists it. */
interface Problem {
  file?: string;
  message: string;
}

/** Broken files the service reports (templates) and broken `.kit` files, with workspace-relative paths. */
async function workspaceProblems(service: LackpyService, reported: unknown): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const problem of Array.isArray(reported) ? reported : []) {
    const entry = typeof problem === "string" ? { message: problem } : (problem as Problem);
    problems.push({
      ...(entry.file ? { file: relativeTo(service.workspace, entry.file) } : {}),
      message: relativeTo(service.workspace, String(entry.message)),
    });
  }
  for (const kit of await service.kitList()) {
    if (!kit.error) continue;
    const message = relativeTo(service.workspace, kit.error);
    if (problems.some((problem) => problem.message === message)) continue;
    problems.push({
      ...(kit.file ? { file: relativeTo(service.workspace, kit.file) } : {}),
      message,
    });
  }
  return problems;
}

/** Longest program text a status line shows. */
const PROGRAM_PREVIEW_CHARS = 60;

function programPreview(program: string): string {
  const lines = program.trim().split("\n");
  const first = lines[0];
  if (first.length > PROGRAM_PREVIEW_CHARS) return `${first.slice(0, PROGRAM_PREVIEW_CHARS - 1)}…`;
  return lines.length > 1 ? `${first} …` : first;
}

/** The ratchet's lines of `status`: its setting, requests on their way to promotion, the recent tiers, the demoted templates. */
function printRatchet(context: CommandContext, ratchet: RatchetStatus, recorded: boolean): void {
  const { io, colors } = context;
  const pad = "           ";
  io.stdout(
    ratchet.auto
      ? `ratchet    on: promotes after ${ratchet.minSuccesses} agreeing successes, demotes its own templates after ${ratchet.demoteAfterFailures} failures\n`
      : `ratchet    off ([ratchet] auto = false): nothing is promoted\n`,
  );
  for (const candidate of ratchet.candidates)
    io.stdout(
      `${pad}${colors.cyan(`${candidate.successes}/${candidate.needed}`)} ${JSON.stringify(candidate.intent)}${candidate.kit === "readonly" ? "" : ` (kit ${candidate.kit})`} ${colors.gray(`· ${programPreview(candidate.program)}`)}\n`,
    );
  const more = ratchet.candidateCount - ratchet.candidates.length;
  if (more > 0) io.stdout(`${pad}… and ${more} more on their way\n`);
  const { recent } = ratchet;
  const tiers = recent.byTier
    .map((tier) => `${tier.tier} ${tier.delegates}${tier.failed ? ` (${tier.failed} failed)` : ""}`)
    .join(", ");
  io.stdout(
    !recorded
      ? `recent     nothing recorded here: delegates are counted in .lackpy/, which this folder does not have (lackpy init makes one)\n`
      : recent.delegates === 0
        ? `recent     no delegates yet\n`
        : `recent     last ${recent.delegates} delegate${recent.delegates === 1 ? "" : "s"}: ${tiers}\n`,
  );
  printDemotedTemplates(context, ratchet.demoted, pad);
}

/** The runs `undo` can restore, newest first, and what recovery put back after a crash. */
function printRuns(context: CommandContext, status: WorkspaceStatus): void {
  const { io, colors } = context;
  const pad = "           ";
  if (status.runCount === 0)
    io.stdout(`runs       none to undo
`);
  else
    io.stdout(
      `runs       ${status.runCount} to undo, newest first (lackpy undo [RUN_ID] restores one):
`,
    );
  for (const run of status.runs) {
    const files = run.files.map((file) => file.path);
    const shown = files.length <= 3 ? files.join(", ") : `${files.slice(0, 3).join(", ")}, …`;
    io.stdout(
      `${pad}${colors.cyan(run.runId)} ${run.source} · ${files.length} file${files.length === 1 ? "" : "s"}: ${shown}${run.undoable ? "" : colors.yellow(" (not undoable: over 50 MB)")} ${colors.gray(`· ${programPreview(run.label)}`)}
`,
    );
  }
  const more = status.runCount - status.runs.length;
  if (more > 0)
    io.stdout(`${pad}… and ${more} older
`);
  for (const notice of status.recovered)
    io.stdout(`recovered  ${recoveryLine(notice, colors)}
`);
}

/** `lackpy status`: workspace, config, kit, templates, the ratchet, providers and broken files at a glance. */
export function statusCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "status",
      description:
        "Show the workspace, its config, templates, the ratchet's progress, providers and broken files",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const status = await service.status();
      // Broken template files and failed promotions, then broken kit files.
      const problems = await workspaceProblems(service, status.templateProblems);
      if (args.json) return printJson(context, { ...status, problems });
      const { io, colors } = context;
      io.stdout(`workspace  ${status.workspace}\n`);
      io.stdout(
        `config     ${status.configPath}${status.configExists ? "" : " (missing: using defaults; run lackpy init)"}\n`,
      );
      io.stdout(
        `kit        ${kitUseText({ name: status.defaultKit, writes: status.defaultKitWrites })}\n`,
      );
      const demoted = status.ratchet.demoted.length;
      if (status.store.backend !== "files")
        io.stdout(
          `store      ${status.store.backend} ${status.store.location} (workspace ${status.store.workspace})${status.store.error ? `: ${colors.red("not used")}: ${status.store.error}` : ""}\n`,
        );
      io.stdout(`templates  ${status.templates}${demoted ? ` (${demoted} demoted)` : ""}\n`);
      printRatchet(context, status.ratchet, status.recordsDelegates);
      if (status.ratchetError)
        io.stdout(`ratchet    ${colors.red("error")}: ${status.ratchetError}\n`);
      io.stdout(`run mode   ${status.runMode}\n`);
      printRuns(context, status);
      io.stdout(`inference  ${status.order.join(" → ")}\n`);
      trustLines(status.trust).forEach((line, index) =>
        io.stdout(
          `${index === 0 ? "trust     " : "          "} ${index === 0 ? line : colors.red(line)}\n`,
        ),
      );
      problems.forEach((problem, index) =>
        io.stdout(`${index === 0 ? "problems  " : "          "} ${colors.red(problem.message)}\n`),
      );
    },
  });
}

/** `lackpy spec`: the language spec as markdown or JSON. */
export function specCommand(context: CommandContext) {
  return defineCommand({
    meta: { name: "spec", description: "Print the language spec (markdown, or JSON with --json)" },
    args: { json: COMMON_ARGS.json },
    run({ args }) {
      if (args.json) return printJson(context, languageSpec());
      context.io.stdout(formatLanguageSpec());
    },
  });
}
