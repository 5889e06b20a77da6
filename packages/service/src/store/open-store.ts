import type { LackpyConfig } from "../config/config-types.js";
import { STORE_WORKSPACE, storeUrlProblem } from "../config/store-settings.js";
import { ServiceError } from "../service-error.js";
import { FileWorkspaceStore } from "./file-store.js";
import { PostgresWorkspaceStore } from "./postgres/pg-workspace-store.js";
import type { TemplateApprover, WorkspaceStore } from "./store-types.js";

/** What `openWorkspaceStore` chooses from. */
export interface OpenStoreOptions {
  /** The workspace folder (the files backend's place). */
  workspace: string;
  settings: LackpyConfig["store"];
  env: Record<string, string | undefined>;
  /**
   * Asked before connecting to a URL the workspace's config named (not one from the
   * environment): throws unless that config is trusted, because a cloned repository's config
   * would otherwise send its intents and programs to whatever database it names.
   */
  trustConfigUrl?: () => Promise<void>;
  /**
   * Asked before connecting when the workspace key came from the workspace's config (not
   * `LACKPY_STORE_WORKSPACE`): throws unless that config is trusted, because the key chooses
   * whose shared templates and counters lackpy reads and changes.
   */
  trustConfigWorkspace?: (key: string) => Promise<void>;
  /**
   * Asked before every use of a shared store with its workspace key (the HTTP server passes the
   * calling token's workspaces): throws `forbidden_workspace` for a key the caller may not use.
   */
  storeAccess?: (key: string) => void;
  /** `"files"`: the workspace's files, whatever the config and environment say. */
  force?: "files";
  /** The person's approvals of the workspace's template files (`TemplateApprovals`), for the files backend. */
  approvals?: TemplateApprover;
}

/**
 * The store the config and environment name: `LACKPY_STORE_URL` (else `[store] url`) of
 * `postgres://…` for a shared database, scoped by `LACKPY_STORE_WORKSPACE` (else
 * `[store] workspace`, required then); otherwise, or with `"files"`, the workspace's `.lackpy/`.
 * Nothing connects here: a database is reached on first use.
 */
export function openWorkspaceStore(options: OpenStoreOptions): WorkspaceStore {
  const fromEnv = options.env.LACKPY_STORE_URL?.trim() || undefined;
  const url = options.force ? "files" : (fromEnv ?? options.settings.url ?? "files");
  if (url === "files")
    return new FileWorkspaceStore(
      options.workspace,
      options.approvals ? { approvals: options.approvals } : {},
    );
  const source = fromEnv ? "LACKPY_STORE_URL" : "[store] url";
  const problem = storeUrlProblem(url);
  if (problem)
    throw new ServiceError("invalid_config", `${source} ${problem}.`, {
      hint: 'a store URL looks like "postgres://user@host:5432/database"; "files" keeps the workspace\'s own',
    });
  const keyFromEnv = options.env.LACKPY_STORE_WORKSPACE?.trim() || undefined;
  const workspace = keyFromEnv ?? (options.settings.workspace || undefined);
  if (!workspace)
    throw new ServiceError(
      "invalid_config",
      "A Postgres store needs a workspace key to keep this project's templates apart from others'.",
      {
        hint: 'add [store] workspace = "my-project" to .lackpy/config.toml, or set LACKPY_STORE_WORKSPACE',
      },
    );
  if (!STORE_WORKSPACE.test(workspace))
    throw new ServiceError(
      "invalid_config",
      `The store workspace key ${JSON.stringify(workspace)} is not a plain name.`,
      { hint: "use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit" },
    );
  // What the workspace's config chose (not the person's environment) connects only once trusted.
  const checks = [
    ...(fromEnv || !options.trustConfigUrl ? [] : [options.trustConfigUrl]),
    ...(keyFromEnv || !options.trustConfigWorkspace
      ? []
      : [() => options.trustConfigWorkspace!(workspace)]),
  ];
  return new PostgresWorkspaceStore({
    url,
    workspace,
    ...(checks.length > 0
      ? {
          beforeConnect: async () => {
            for (const check of checks) await check();
          },
        }
      : {}),
    ...(options.storeAccess ? { checkAccess: options.storeAccess } : {}),
  });
}
