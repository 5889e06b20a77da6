// Takes one workspace file's lock `rounds` times with the real lock code; inside, it makes the
// marker file `inside` exclusively (a second holder finds it there and says so in `violations`),
// waits a moment, and removes it. Says `done` on stdout at the end.
import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { withPathLocks } from "../../dist/index.js";

const [workspace, file, rounds] = process.argv.slice(2);
const inside = path.join(workspace, "inside");
for (let round = 0; round < Number(rounds); round++)
  await withPathLocks(workspace, [file], `contender ${process.pid}`, async () => {
    try {
      writeFileSync(inside, String(process.pid), { flag: "wx" });
    } catch {
      appendFileSync(path.join(workspace, "violations"), `${process.pid}\n`);
      return;
    }
    await sleep(Math.random() * 3);
    rmSync(inside);
  });
process.stdout.write("done\n");
