import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { costUsd, loadPrices, priceOf } from "./prices.js";

describe("prices", () => {
  it("match a model by its longest prefix, and cost tokens at USD per million", () => {
    expect(priceOf("claude-sonnet-4-5-20250929")).toEqual({
      inputPerMillion: 3,
      outputPerMillion: 15,
    });
    expect(priceOf("claude-opus-4-5")).toEqual({ inputPerMillion: 5, outputPerMillion: 25 });
    expect(priceOf("qwen2.5-coder:7b")).toBeNull();
    expect(costUsd("claude-haiku-4-5", { tokensIn: 2_000_000, tokensOut: 1_000_000 })).toBe(7);
    expect(costUsd("unknown", { tokensIn: 1, tokensOut: 1 })).toBeNull();
  });

  it("are overridden from a JSON file, which is checked entry by entry", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-prices-"));
    try {
      const file = path.join(dir, "prices.json");
      await writeFile(
        file,
        JSON.stringify({ "my-model": { inputPerMillion: 1, outputPerMillion: 2 } }),
      );
      const prices = await loadPrices(file);
      expect(costUsd("my-model-v2", { tokensIn: 1e6, tokensOut: 1e6 }, prices)).toBe(3);
      expect(priceOf("claude-sonnet-4-5", prices)).not.toBeNull();
      await writeFile(file, JSON.stringify({ "my-model": { inputPerMillion: -1 } }));
      await expect(loadPrices(file)).rejects.toMatchObject({
        code: "invalid_prices",
        message: expect.stringContaining(
          "the price of my-model needs inputPerMillion and outputPerMillion",
        ),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
