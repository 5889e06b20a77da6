/**
 * What `[store]` (and `LACKPY_STORE_URL`, `LACKPY_STORE_WORKSPACE`) may say, and how a store URL
 * is shown: its password never leaves this process, not in a message, a log line or `config`.
 */

/** A workspace key in a shared store: a plain name, as a folder or a project would be called. */
export const STORE_WORKSPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Why a store URL cannot be used (a message naming the allowed forms), or null when it can. */
export function storeUrlProblem(url: string): string | null {
  if (url === "files") return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `is not a URL; use "postgres://user@host:5432/database" or "files"`;
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:")
    return `names the scheme '${parsed.protocol.replace(/:$/, "")}'; lackpy stores templates in files or Postgres ("postgres://…")`;
  return null;
}

/** The URL with its password (and any `password` parameter) replaced by `***`, for people and logs. */
export function redactStoreUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "(a store URL that is not a URL)";
  }
  if (parsed.password) parsed.password = "***";
  for (const key of [...parsed.searchParams.keys()])
    if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, "***");
  return parsed.toString();
}

/** `text` with every occurrence of the URL's password (raw and percent-decoded) replaced by `***`. */
export function scrubStoreSecret(text: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text.split(url).join("***");
  }
  let scrubbed = text.split(url).join(redactStoreUrl(url));
  const secrets = [parsed.password, safeDecode(parsed.password)];
  for (const [key, value] of parsed.searchParams)
    if (/pass|secret|key|token/i.test(key)) secrets.push(value);
  for (const secret of secrets) if (secret) scrubbed = scrubbed.split(secret).join("***");
  return scrubbed;
}

/** `text` percent-decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
