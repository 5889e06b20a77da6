import { access } from "node:fs/promises";
import type { LackpyConfig } from "../config/config-types.js";
import { configPath } from "../config/load-config.js";
import type { RatchetStore } from "./ratchet-store.js";
import type { TemplateProblemInfo, WorkspaceStatus } from "../service-types.js";
import type { TemplateStore } from "./template-store.js";
import type { WorkspaceTrust } from "../trust/workspace-trust.js";

/** Broken template files (by file and line) and failed promotions (by intent), for status and template list. */
export function templateProblems(
  templates: TemplateStore,
  history: RatchetStore,
): TemplateProblemInfo[] {
  return [
    ...templates.problems().map(({ code, message, hint, file, line }) => ({
      code,
      message,
      file,
      line,
      ...(hint ? { hint } : {}),
    })),
    ...history.failures().map(({ code, message, hint, intent, template, at }) => ({
      code,
      message: `promoting '${intent}' to ${template} failed: ${message}`,
      intent,
      template,
      at,
      ...(hint ? { hint } : {}),
    })),
  ];
}

/** Workspace overview for `lackpy status`. */
export async function workspaceStatus(
  workspace: string,
  settings: LackpyConfig,
  stores: { templates: TemplateStore; history: RatchetStore; trust: WorkspaceTrust },
): Promise<WorkspaceStatus> {
  const file = configPath(workspace);
  const configExists = await access(file).then(
    () => true,
    () => false,
  );
  return {
    workspace,
    configPath: file,
    configExists,
    defaultKit: settings.kit.default,
    templates: stores.templates.list().length,
    templateProblems: templateProblems(stores.templates, stores.history),
    ratchetError: stores.templates.lastError ?? stores.history.lastError,
    runMode: settings.run.mode,
    order: settings.inference.order,
    trust: await stores.trust.status(),
  };
}
