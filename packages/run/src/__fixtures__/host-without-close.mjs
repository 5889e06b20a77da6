// A host for child-pool.test.ts: starts the pool, runs one program in isolated mode, prints the
// output or error code, and ends without closing the pool (it must still exit on its own).
import { prewarmChildPool, run } from "../../dist/node.js";

const memoryMb = Number(process.argv[2]);
prewarmChildPool(memoryMb);
const result = await run(process.argv[3], {
  mode: "isolated",
  limits: { memoryMb, timeoutMs: 200 },
});
process.stdout.write(JSON.stringify(result.error?.code ?? result.output));
