import type { LackpyService } from "@lackpy/service";
import type { CliIo } from "./cli-io.js";
import { palette } from "./code-frame.js";
import { recoveryLine } from "./recovery-line.js";
import { useProgressWords } from "./spinner.js";

/** What every command gets: the io, the exit code to set, and a lazily opened service. */
export interface CommandContext {
  io: CliIo;
  exitCode: number;
  debug: boolean;
  colors: ReturnType<typeof palette>;
  /** Opens the service for a workspace (loading and checking its config) on first use. */
  service(workspace?: string): Promise<LackpyService>;
  /** Closes what the service holds open (worker pools). */
  close(): Promise<void>;
}

/** Creates the context for one CLI invocation. */
export function createCommandContext(io: CliIo, options: { debug: boolean }): CommandContext {
  const services = new Map<string, LackpyService>();
  return {
    io,
    exitCode: 0,
    debug: options.debug,
    colors: palette(io.isTTY),
    async service(workspace) {
      const { LackpyService, progressMessage } = await import("@lackpy/service");
      // The service sends the progress events, so its words for them load with it, not before.
      useProgressWords(progressMessage);
      const { resolve } = await import("node:path");
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
    async close() {
      await Promise.all([...services.values()].map((service) => service.close()));
    },
  };
}

/** Writes one JSON document followed by a newline. */
export function printJson(context: CommandContext, value: unknown): void {
  context.io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
