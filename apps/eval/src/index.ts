/** The eval harness as a library, for the bench and for scripts. */
export { loadIntents, INTENTS_DIR } from "./inputs/intents.js";
export { checkAnswer, checkValue } from "./replay/checks.js";
export {
  prepareWorkspace,
  workspaceHash,
  WORKSPACE_DIR,
  PINNED_WORKSPACE_HASH,
} from "./workspace/workspace.js";
export { openEvalService } from "./workspace/eval-service.js";
export {
  FIXTURES_DIR,
  listFixtures,
  loadFixture,
  fixturePath,
  FixtureError,
} from "./inputs/fixtures.js";
export type { Fixture, FixtureMeta } from "./inputs/fixtures.js";
export { recordFixtures } from "./record/record.js";
export { replayFixture, evaluateRules, editsFiles, fixtureVariants } from "./replay/replay.js";
export { evaluate } from "./evaluate/evaluate.js";
export { DEFAULT_RATCHET_OPTIONS, runRatchet } from "./ratchet/ratchet-sim.js";
export { simulateRatchets } from "./ratchet/ratchet-report.js";
export { summarise, failureModes, passHatK } from "./evaluate/summarise.js";
export { renderMarkdown } from "./report/report-markdown.js";
export { renderHtml } from "./report/report-html.js";
export type { Cell } from "./replay/score-cell.js";
export type { EvalReport, SummaryRow } from "./results/report-types.js";
export type { RatchetWindow, RatchetSimulation, RatchetReport } from "./results/ratchet-types.js";
export type { Intent, Check, IntentKit } from "./inputs/types.js";
