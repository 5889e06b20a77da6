// Records `runs` successes of one program in a workspace's ratchet history, flushing every few.
import { FileRatchetStore } from "../../dist/index.js";

const [workspace, runs] = process.argv.slice(2);
const store = new FileRatchetStore(workspace);
for (let run = 0; run < Number(runs); run++) {
  store.recordSuccess({ intent: "count lines", kit: "readonly" }, "len(x)", 4, 4);
  if (run % 3 === 0) await store.flush();
  await new Promise((resolve) => setImmediate(resolve));
}
// The rest is written at exit.
