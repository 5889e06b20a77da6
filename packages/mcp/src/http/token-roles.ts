/**
 * What a token may do on a shared server, from least to most: `read` (kits, docs, config,
 * `validate`, `generate`), `run` (programs and delegates, as dry runs: nothing lands), `write`
 * (runs that land, `apply_changes`, `undo`), `create` (new templates and kits), `admin`
 * (replacing a template or kit others use). Each role holds the ones before it.
 */

/** The roles, least first. */
export const TOKEN_ROLES = Object.freeze(["read", "run", "write", "create", "admin"] as const);

/** A token's role. */
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** The role of a token that names none: it runs and lands programs, and changes nothing others use. */
export const DEFAULT_TOKEN_ROLE: TokenRole = "write";

/** True when `role` holds `needed`. */
export function roleAllows(role: TokenRole, needed: TokenRole): boolean {
  return TOKEN_ROLES.indexOf(role) >= TOKEN_ROLES.indexOf(needed);
}

/** True for one of `TOKEN_ROLES`. */
export function isTokenRole(value: string): value is TokenRole {
  return (TOKEN_ROLES as readonly string[]).includes(value);
}
