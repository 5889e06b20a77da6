/**
 * The CLI's isolated child (what the child pool forks from beside the command's bundle): run's
 * `serveHost`, bundled alone as `child.cjs` (no CLI code) and compiled with a V8 code cache of
 * its own, trusted exactly as the command's (decision 112, `load-command.ts`). The child makes
 * that cache when it has none it may use, once its warm-up has run and before any program has
 * arrived, so the cache holds the interpreter's compiled functions and nothing a program did.
 * Only the bundle's owner writes it, and a child under the permission model cannot.
 */
import { fileURLToPath } from "node:url";
import { loadCommand } from "./load-command.js";

interface Child {
  serveHost(beforeReady?: () => void): void;
}

const loaded = loadCommand<Child>(fileURLToPath(new URL("./child.cjs", import.meta.url)));
loaded.exports.serveHost(() => loaded.keepCache());
