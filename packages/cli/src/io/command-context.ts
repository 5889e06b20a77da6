import { resolve } from "node:path";
import type { LackpyService } from "@lackpy/service";
import type { CliIo } from "./cli-io.js";
import { palette } from "./code-frame.js";
import { recoveryLine } from "./recovery-line.js";
import { useProgressWords } from "./spinner.js";
import { terminalIo, type TerminalIo } from "./terminal-io.js";

/** What every command gets: the io (escaping what it prints: `terminalIo`), the exit code to set, and a lazily opened service. */
export interface CommandContext {
  io: TerminalIo;
  exitCode: number;
  debug: boolean;
  colors: ReturnType<typeof palette>;
  /** Opens the service for a workspace (loading and checking its config) on first use. */
  service(workspace?: string): Promise<LackpyService>;
  /** Closes what the service holds open (worker pools). */
  close(): Promise<void>;
}

/** Creates the context for one CLI invocation. */
export function createCommandContext(raw: CliIo, options: { debug: boolean }): CommandContext {
  const services = new Map<string, LackpyService>();
  const io = terminalIo(raw);
  return {
    io,
    exitCode: 0,
    debug: options.debug,
    colors: palette(io.isTTY),
    async service(workspace) {
      const { LackpyService, progressMessage } = await import("@lackpy/service");
      // The service sends the progress events, so its words for them load with it, not before.
      useProgressWords(progressMessage);
      const root = resolve(io.cwd, workspace ?? ".");
      let service = services.get(root);
      if (!service) {
        service = await LackpyService.open({ workspace: root, env: io.env });
        services.set(root, service);
        // A landing a crash cut short was rolled back when the workspace opened: say so.
        const colors = palette(io.isTTY);
        for (const notice of await service.recovered().catch(() => []))
          io.stderr(`${colors.yellow("recovered")}: ${recoveryLine(notice, colors)}\n`);
      }
      return service;
    },
    // Without waiting for the killed idle children to exit: a command ends its process, whose
    // exit kills what is left, and a host that lives on still reaps them as they exit.
    async close() {
      const closing = [...services.values()].map((service) =>
        service.close({ waitForChildren: false }),
      );
      await Promise.all(closing);
    },
  };
}

/** Writes one JSON document followed by a newline, byte-exact (never escaped). */
export function printJson(context: CommandContext, value: unknown): void {
  context.io.document(`${JSON.stringify(value, null, 2)}\n`);
}
