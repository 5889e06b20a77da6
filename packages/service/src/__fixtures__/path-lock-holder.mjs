// Takes the lock of one workspace file with the real lock code, says `locked` on stdout, and
// holds it until a line arrives on stdin (or until it is killed).
import { withPathLocks } from "../../dist/index.js";

const [workspace, file, note] = process.argv.slice(2);
await withPathLocks(
  workspace,
  [file],
  note,
  () =>
    new Promise((resolve) => {
      process.stdin.once("data", resolve);
      process.stdout.write("locked\n");
    }),
);
process.stdin.destroy();
