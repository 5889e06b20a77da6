/** The eval harness as a library, for the bench and for scripts. */
export { loadIntents, INTENTS_DIR } from "./intents.js";
export { checkAnswer, checkValue } from "./checks.js";
export {
  prepareWorkspace,
  workspaceHash,
  WORKSPACE_DIR,
  PINNED_WORKSPACE_HASH,
} from "./workspace.js";
export { openEvalService } from "./eval-service.js";
export { FIXTURES_DIR, listFixtures, loadFixture, fixturePath, FixtureError } from "./fixtures.js";
export type { Fixture, FixtureMeta } from "./fixtures.js";
export { recordFixtures } from "./record.js";
export { replayFixture, evaluateRules, editsFiles, fixtureVariants } from "./replay.js";
export { evaluate } from "./evaluate.js";
export { DEFAULT_RATCHET_OPTIONS, runRatchet } from "./ratchet-sim.js";
export { simulateRatchets } from "./ratchet-report.js";
export { summarise, failureModes, passHatK } from "./summarise.js";
export { renderMarkdown } from "./report-markdown.js";
export { renderHtml } from "./report-html.js";
export type { Cell } from "./score-cell.js";
export type { EvalReport, SummaryRow } from "./report-types.js";
export type { RatchetWindow, RatchetSimulation, RatchetReport } from "./ratchet-types.js";
export type { Intent, Check, IntentKit } from "./types.js";
