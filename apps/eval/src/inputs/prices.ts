/**
 * Prices of the Anthropic models, in US dollars per million tokens, for the cost column of
 * recorded rows. They are the list prices when this table was written; pass `--prices FILE` (a
 * JSON object of the same shape) to use others. A model matches the longest key it starts with.
 */
import { readFile } from "node:fs/promises";
import { FixtureError } from "./fixtures.js";

/** Input and output price of a model, USD per million tokens. */
export interface Price {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Model id prefix → price. */
export type PriceTable = Readonly<Record<string, Price>>;

/** List prices (USD per million tokens) of Anthropic models at the time of writing; override with `--prices`. */
export const DEFAULT_PRICES: PriceTable = Object.freeze({
  "claude-opus-4-5": { inputPerMillion: 5, outputPerMillion: 25 },
  "claude-opus-4-1": { inputPerMillion: 15, outputPerMillion: 75 },
  "claude-opus-4-0": { inputPerMillion: 15, outputPerMillion: 75 },
  "claude-sonnet-4-5": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-sonnet-4-0": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-3-7-sonnet": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-haiku-4-5": { inputPerMillion: 1, outputPerMillion: 5 },
  "claude-3-5-haiku": { inputPerMillion: 0.8, outputPerMillion: 4 },
});

/** The price of `model` (the longest matching prefix), or null when the table has none. */
export function priceOf(model: string, prices: PriceTable = DEFAULT_PRICES): Price | null {
  const key = Object.keys(prices)
    .filter((prefix) => model.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? null : prices[key];
}

/** USD for the tokens at the model's price, or null without a price. */
export function costUsd(
  model: string,
  tokens: { tokensIn: number; tokensOut: number },
  prices: PriceTable = DEFAULT_PRICES,
): number | null {
  const price = priceOf(model, prices);
  if (!price) return null;
  return (
    (tokens.tokensIn * price.inputPerMillion + tokens.tokensOut * price.outputPerMillion) / 1e6
  );
}

/** Reads a price table from a JSON file, checking every entry. */
export async function loadPrices(file: string): Promise<PriceTable> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new FixtureError(
      "invalid_prices",
      `${file}: ${(error as Error).message}`,
      'write a JSON object like {"claude-sonnet-4-5": {"inputPerMillion": 3, "outputPerMillion": 15}}',
    );
  }
  const entries = Object.entries((parsed ?? {}) as Record<string, Partial<Price>>);
  const bad = entries.find(
    ([, price]) =>
      !(typeof price?.inputPerMillion === "number" && price.inputPerMillion >= 0) ||
      !(typeof price?.outputPerMillion === "number" && price.outputPerMillion >= 0),
  );
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || bad)
    throw new FixtureError(
      "invalid_prices",
      `${file}: ${bad ? `the price of ${bad[0]} needs inputPerMillion and outputPerMillion (USD, not negative)` : "expected a JSON object of model prefix → price"}.`,
      'write a JSON object like {"claude-sonnet-4-5": {"inputPerMillion": 3, "outputPerMillion": 15}}',
    );
  return { ...DEFAULT_PRICES, ...(parsed as PriceTable) };
}
