import type { ApprovalAnswer, Approver } from "@lackpy/service";
import { colorDiff } from "./diff-colors.js";
import type { CommandContext } from "./command-context.js";
import type { CliTerminal } from "./cli-io.js";

const ANSWERS: Record<string, ApprovalAnswer> = {
  y: "yes",
  yes: "yes",
  n: "no",
  no: "no",
  a: "all",
  all: "all",
};

/**
 * Asks the person at the terminal, on stderr (stdout stays the answer): each file's diff, then
 * `Apply … [y]es, [n]o, [a]ll?`; each call of a tool that requires approval, with its arguments.
 * An answer it does not know is asked again; the end of input is no.
 */
export function terminalApprover(context: CommandContext, terminal: CliTerminal): Approver {
  const { io, colors } = context;
  return async (request) => {
    let question: string;
    if (request.kind === "file") {
      io.stderr(`\n${colorDiff(request.change.diff, colors)}`);
      const verb = { create: "Create", modify: "Change", delete: "Delete" }[request.change.action];
      const executable = request.change.executable ? ` (${colors.yellow("executable")})` : "";
      question = `${verb} ${colors.bold(request.change.path)}${executable}? [y]es, [n]o, [a]ll: `;
    } else {
      const args = request.args.map((arg) => JSON.stringify(arg)).join(", ");
      question = `Call ${colors.bold(`${request.tool}(${args})`)}? [y]es, [n]o, [a]ll: `;
    }
    for (;;) {
      io.stderr(question);
      const line = await terminal.readLine();
      if (line === null) {
        io.stderr("\n");
        return "no";
      }
      // Only the table's own words answer: "constructor" is not a yes.
      const word = line.trim().toLowerCase();
      if (Object.hasOwn(ANSWERS, word)) return ANSWERS[word]!;
      io.stderr("  answer y (yes), n (no) or a (this and all the rest)\n");
    }
  };
}
