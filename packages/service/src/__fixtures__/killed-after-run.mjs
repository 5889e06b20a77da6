// Lands a program's writes as a caller, says the run's id on stdout, and kills itself (SIGKILL)
// before anything closes: what a run that finished just before a crash leaves behind.
import { DEFAULT_CONFIG, LackpyService } from "../../dist/index.js";

const [workspace, program, caller] = process.argv.slice(2);
const config = structuredClone(DEFAULT_CONFIG);
config.run.mode = "in-process";
const service = await LackpyService.open({ workspace, config, env: process.env });
const result = await service.runProgram(program, { kit: "files", caller });
process.stdout.write(`${JSON.stringify({ success: result.success, runId: result.runId })}\n`, () =>
  process.kill(process.pid, "SIGKILL"),
);
