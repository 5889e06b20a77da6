/** What a model server says about a model, stored in a recorded fixture's header. */

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return null;
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * Ollama's digest, quantisation, parameter size, family and format of `model`, and the server's
 * version (`/api/tags`, `/api/show`, `/api/version`); what the server does not say is left out.
 */
export async function ollamaModelInfo(
  host: string,
  model: string,
): Promise<Record<string, string>> {
  const base = host.replace(/\/+$/, "");
  const [version, show, tags] = await Promise.all([
    getJson(`${base}/api/version`),
    getJson(`${base}/api/show`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model }),
    }),
    getJson(`${base}/api/tags`),
  ]);
  const details = (show?.details ?? {}) as Record<string, unknown>;
  const listed = ((tags?.models ?? []) as Record<string, unknown>[]).find(
    (entry) => entry.name === model || entry.model === model || entry.name === `${model}:latest`,
  );
  const info: Record<string, string | undefined> = {
    digest: text(listed?.digest),
    quantization: text(details.quantization_level),
    parameterSize: text(details.parameter_size),
    family: text(details.family),
    format: text(details.format),
    modifiedAt: text(show?.modified_at) ?? text(listed?.modified_at),
    serverVersion: text(version?.version),
  };
  return Object.fromEntries(
    Object.entries(info).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
