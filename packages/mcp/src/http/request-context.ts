/**
 * The HTTP request being handled, carried through its async work (`AsyncLocalStorage`): its
 * request id, the caller and its role, and what the tool call came to, so that tool handlers,
 * logs, metrics and per-caller state all see the same request.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { ServiceError } from "@lackpy/service";
import type { TokenRole } from "./token-roles.js";

/** One HTTP request as the code serving it sees it. */
export interface RequestContext {
  /** The `x-request-id` it came with (when usable) or was given; in every log line and result. */
  readonly requestId: string;
  /** The caller's opaque id (`tokenId`), or undefined without tokens (one person). */
  readonly caller: string | undefined;
  /** The caller's role; null without tokens (everything is allowed). */
  readonly role: TokenRole | null;
  /** The workspaces (store keys or folder names) the caller's token may use; null: any. */
  readonly workspaces?: readonly string[] | null;
  /** The tool called, once its handler ran. */
  tool?: string;
  /** `ok`, or the code of the tool's error. */
  outcome?: string;
}

const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as the handling of `context`. */
export function withRequest<T>(context: RequestContext, work: () => T): T {
  return requests.run(context, work);
}

/** The request being handled, if any. */
export function currentRequest(): RequestContext | undefined {
  return requests.getStore();
}

/**
 * The caller of the request being handled: its token's id (`tokenId`), the key of everything
 * kept per caller (runs, dry runs, undo, limits), on every instance alike; undefined over stdio
 * or without tokens.
 */
export function currentCaller(): string | undefined {
  return requests.getStore()?.caller;
}

/** An incoming `x-request-id` worth keeping (1–128 of `A-Za-z0-9._:-`), else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

/**
 * Throws `forbidden_workspace` when the request being handled comes with a token that may not use
 * the shared store's workspace `key`: what a service's store asks before every use
 * (`ServiceOptions.storeAccess`), so the store itself keeps a token to its workspaces.
 */
export function checkStoreAccess(key: string): void {
  const allowed = requests.getStore()?.workspaces;
  if (allowed && !allowed.includes(key))
    throw new ServiceError(
      "forbidden_workspace",
      `This token may not use the workspace '${key}'.`,
      {
        hint: "use a token given for that workspace",
      },
    );
}
