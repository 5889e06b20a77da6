/**
 * The child process of a `sideProcess` task: sets the task up from its module's export, says it
 * is ready, then answers each `{ calls }` with the wall time of that many calls.
 */
import { pathToFileURL } from "node:url";
import type { SideAnswer } from "./side-process.js";
import { timedCalls } from "./in-turn.js";

const [module, name, ...args] = process.argv.slice(2);
const send = (answer: SideAnswer) => process.send?.(answer);
try {
  const exported = (await import(pathToFileURL(module!).href)) as Record<
    string,
    (...args: string[]) => Promise<() => unknown>
  >;
  const fn = await exported[name!]!(...args);
  process.on("message", (message: { calls: number }) => {
    timedCalls(fn, message.calls).then(
      (ms) => send({ ms }),
      (error: Error) => send({ error: error.message }),
    );
  });
  send({ ready: true });
} catch (error) {
  send({ error: (error as Error).message });
}
