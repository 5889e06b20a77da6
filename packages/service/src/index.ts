export { LackpyService } from "./lackpy-service.js";
export { delegatePipeline } from "./delegate/delegate-pipeline.js";
export type { DelegateOptions, DelegateStages } from "./delegate/delegate-pipeline.js";
export { ProgramGenerator } from "./program/program-generator.js";
export type {
  Generated,
  GenerateStageOptions,
  PreparedRequest,
} from "./program/program-generator.js";
export { ProgramRunner, invalidRunResult } from "./program/program-runner.js";
export { ProgramCache } from "./program/program-cache.js";
export type { CheckedProgram } from "./program/program-cache.js";
export { KitResolver } from "./kit/kit-resolver.js";
export type { KitInfo, KitInfoOptions } from "./kit/kit-resolver.js";
export { answerFromTemplates, TemplateTierProvider } from "./program/template-tier.js";
export type { TemplateAnswer, TemplateHit, TemplateRequest } from "./program/template-tier.js";
export { feedRatchet, failedOnRequestValues } from "./delegate/ratchet.js";
export type { RatchetInput, RatchetOutcome } from "./delegate/ratchet.js";
export { createTemplate } from "./delegate/create-template.js";
export type { CreateTemplateOptions } from "./delegate/create-template.js";
export { templateNameFor } from "./delegate/template-name.js";
export {
  loadConfig,
  readWorkspaceConfig,
  parseConfig,
  configPath,
  locateKey,
} from "./config/load-config.js";
export type { ConfigProblem } from "./config/load-config.js";
export { DEFAULT_CONFIG, DEFAULT_LIMIT_MAXIMA, DEFAULT_RUN_LIMITS } from "./config/config-types.js";
export type { LackpyConfig, ProviderConfig, ModuleToolConfig } from "./config/config-types.js";
export { CONFIG_SCHEMA, PROVIDER_PLUGINS } from "./config/config-schema.js";
export { initWorkspace, CONFIG_TEMPLATE } from "./config/init-workspace.js";
export { resolveParams, redactSecrets } from "./program/resolve-params.js";
export type { ResolvedParams } from "./program/resolve-params.js";
export {
  generaliseProgram,
  isEmptyProgram,
  referencedNames,
} from "./delegate/generalise-program.js";
export { normaliseIntent, intentForMatching } from "@lackpy/infer/node";
export type { TemplateOrigin, RuleDescription } from "@lackpy/infer/node";
export { FileRatchetStore } from "./store/ratchet-store.js";
export { outputHash } from "./store/ratchet-keys.js";
export type { RatchetEntry, PromotionFailure, RecentDelegate } from "./store/ratchet-file.js";
export { FileTemplateStore } from "./store/template-store.js";
export type { TemplateStoreOptions } from "./store/template-store.js";
export type {
  RatchetRecord,
  RatchetRequest,
  RatchetStore,
  RateBuckets,
  RateDecision,
  StoreBackend,
  StoreHealth,
  TemplateRunOutcome,
  TemplateStore,
  WorkspaceStore,
} from "./store/store-types.js";
export { FileWorkspaceStore } from "./store/file-store.js";
export { PostgresWorkspaceStore } from "./store/postgres/pg-workspace-store.js";
export type { PgConnectionOptions } from "./store/postgres/pg-connection.js";
export { MIGRATIONS } from "./store/postgres/migrations.js";
export type { Migration, MigrationReport } from "./store/postgres/migrations.js";
export { openWorkspaceStore } from "./store/open-store.js";
export type { OpenStoreOptions } from "./store/open-store.js";
export {
  exportTemplates,
  importTemplates,
  checkExport,
  STORE_EXPORT_VERSION,
} from "./store/store-transfer.js";
export type { StoreExport, StoreImportReport } from "./store/store-transfer.js";
export { redactStoreUrl, scrubStoreSecret } from "./config/store-settings.js";
export { MAX_STATUS_CANDIDATES } from "./workspace-status.js";
export { checkPlainName } from "./config/plain-name.js";
export { atomicWrite, atomicWriteSync, KeyedLock } from "./store/atomic-write.js";
export { withFileLock, tryFileLockSync } from "./store/file-lock.js";
export type { FileLockOptions, LockAttempt } from "./store/file-lock.js";
export { FLUSH_INTERVAL_MS } from "./store/write-behind.js";
export { enforcePolicy } from "./trust/policy.js";
export { WorkspaceTrust } from "./trust/workspace-trust.js";
export type { WorkspaceTrustOptions } from "./trust/workspace-trust.js";
export { stateDir, trustRecordPath, neutralDir } from "./trust/trust-store.js";
export type {
  TrustDecision,
  TrustItem,
  TrustItemKind,
  TrustItemStatus,
  TrustReport,
  TrustStatus,
  RevokeReport,
} from "./trust/trust-types.js";
export { ServiceError } from "./service-error.js";
export { checkIntent } from "./program/check-intent.js";
export {
  shapeResult,
  summariseTrace,
  checkShapeOptions,
  TRACE_DETAILS,
  DEFAULT_TRACE_DETAIL,
} from "./result/shape-result.js";
export type {
  TraceDetail,
  ResultShapeOptions,
  TraceToolSummary,
  TruncatedPart,
  ShapeNotes,
  ShapedTrace,
  ShapedRunResult,
} from "./result/shape-result.js";
export { fitValue, fitText } from "./result/fit-value.js";
export {
  didYouMean,
  explainGenerationFailure,
  formatGenerationFailure,
  nextSteps,
} from "./result/explain-generation-failure.js";
export type { TierReason } from "./result/explain-generation-failure.js";
export { describeSkipped } from "./result/describe-skipped.js";
export { clampLimits, approvalLimits, APPROVAL_TOOL_TIMEOUT_MS } from "./program/clamp-limits.js";
export type { LimitNotes, LoweredLimit } from "./result/limit-notes.js";
export type { FittedValue } from "./result/fit-value.js";
export type { ServiceErrorCode } from "./service-error.js";
export type { GenerateOutcome } from "./program/inference.js";
export type {
  DelegateResult,
  ShapedDelegateResult,
  GenerationSettings,
  KitForRequest,
  KitSpecifier,
  ParamInput,
  ProgramOptions,
  Promotion,
  RunOptions,
  ServiceOptions,
  ServiceRunResult,
  ServiceValidation,
  TemplateInfo,
  TemplateDemotion,
  DemotedTemplateInfo,
  RatchetCandidate,
  RatchetStatus,
  RecentTiers,
  TemplateProblemInfo,
  ProviderStatus,
  ProgressEvent,
  CorrectionAttempt,
  WorkspaceStatus,
} from "./service-types.js";
export type {
  ApprovalAnswer,
  ApprovalRequest,
  Approver,
  ChangeAction,
  ChangeOutcome,
  ChangeSource,
  FileChange,
  PendingCall,
  RecoveryNotice,
  UndoableRun,
} from "./change-types.js";
export { runStaged, toolsRequiringApproval } from "./changes/run-staged.js";
export type { StagedRunStages } from "./changes/run-staged.js";
export { stageTools, hasEffects, DRY_RUN_NEEDS_RESULT } from "./changes/stage-tools.js";
export type { StagedTools, StageToolsOptions } from "./changes/stage-tools.js";
export { resultsUsed } from "./changes/results-used.js";
export { describeChanges } from "./changes/describe-changes.js";
export type { ChangePlan } from "./changes/describe-changes.js";
export { landChanges, CRASH_AFTER_RENAMES_VARIABLE } from "./changes/land-changes.js";
export { rollBack } from "./changes/roll-back.js";
export type { LandingPlan, LandOptions } from "./changes/land-changes.js";
export { recoverChanges } from "./changes/recover-changes.js";
export { RunStore, MAX_RECOVERY_NOTICES } from "./changes/run-store.js";
export type { Journal } from "./changes/run-store.js";
export { withPathLocks, PATH_LOCK_TIMEOUT_MS } from "./changes/path-locks.js";
export {
  CHANGE_TTL_MS,
  MAX_PENDING_CHANGES,
  MAX_PENDING_BYTES,
  MAX_UNDO_RUNS,
  MAX_UNDO_BYTES,
} from "./store/change-store-types.js";
export type {
  CallerScope,
  ChangeStores,
  PendingChangeStore,
  RecordedFile,
  RunHistory,
  RunRecord,
  StoredChangeSet,
  StoredPlan,
} from "./store/change-store-types.js";
export { FilePendingChanges } from "./store/file-pending-changes.js";
export { FileRunHistory } from "./store/file-run-history.js";
export { undoRun } from "./changes/undo-run.js";
export type { UndoResult } from "./changes/undo-run.js";
export { WorkspaceChanges } from "./changes/workspace-changes.js";
export type { AppliedChanges, SettleOptions, SettledResult } from "./changes/workspace-changes.js";
export { MAX_STATUS_RUNS } from "./workspace-status.js";
