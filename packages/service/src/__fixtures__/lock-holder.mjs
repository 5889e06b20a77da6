// Takes a workspace lock with the real lock code, says `locked` on stdout, and holds it until a
// line arrives on stdin (or until it is killed).
import { withFileLock } from "../../dist/index.js";

const [lockFile] = process.argv.slice(2);
await withFileLock(
  lockFile,
  () =>
    new Promise((resolve) => {
      process.stdin.once("data", resolve);
      process.stdout.write("locked\n");
    }),
  { timeoutMs: 60_000 },
);
process.stdin.destroy();
