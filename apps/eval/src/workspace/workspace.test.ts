import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools } from "@lackpy/kit/node";
import {
  PINNED_WORKSPACE_HASH,
  WORKSPACE_DIR,
  prepareWorkspace,
  workspaceHash,
  type PreparedWorkspace,
} from "./workspace.js";

const files = createFileTools(WORKSPACE_DIR);

describe("workspace fixture", () => {
  it("has the pinned content hash (change it only together with the intents and fixtures)", async () => {
    expect(await workspaceHash()).toBe(PINNED_WORKSPACE_HASH);
  });

  it("holds sources in two languages, docs, JSON data and a config file", async () => {
    expect(await files.find_files("src/*.ts")).toEqual([
      "src/cart.ts",
      "src/config.ts",
      "src/format.ts",
      "src/index.ts",
      "src/inventory.ts",
      "src/pricing.ts",
    ]);
    expect(await files.find_files("scripts/*.py")).toEqual([
      "scripts/report.py",
      "scripts/restock.py",
      "scripts/utils.py",
    ]);
    expect(await files.find_files("**/*.md")).toHaveLength(4);
    expect(await files.find_files("data/*.json")).toEqual([
      "data/customers.json",
      "data/products.json",
    ]);
    const settings = JSON.parse(await files.read_file("config/settings.json"));
    expect(settings).toMatchObject({ currency: "EUR", taxRate: 0.21, port: 8080 });
  });

  it("has the countable properties the intents rely on", async () => {
    const all = await files.find_files("**/*");
    const texts = await Promise.all(all.map((file) => files.read_file(file)));
    const todoLines = texts
      .flatMap((text) => text.split("\n"))
      .filter((line) => line.includes("TODO"));
    expect(todoLines).toHaveLength(8);
    const sizes = all.map((file, index) => [file, texts[index].length] as const);
    const largest = sizes.reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    expect(largest[0]).toBe("src/cart.ts");
    const products = JSON.parse(await files.read_file("data/products.json")) as { stock: number }[];
    expect(products.reduce((sum, product) => sum + product.stock, 0)).toBe(107);
    const customers = JSON.parse(await files.read_file("data/customers.json")) as {
      country: string;
    }[];
    expect(customers.filter((customer) => customer.country === "NL")).toHaveLength(3);
  });
});

describe("workspaceHash", () => {
  let copy: PreparedWorkspace;
  beforeAll(async () => {
    copy = await prepareWorkspace();
  });
  afterAll(() => copy.dispose());

  it("ignores .lackpy, so a prepared copy hashes like the fixture", async () => {
    expect(await workspaceHash(copy.dir)).toBe(PINNED_WORKSPACE_HASH);
    expect(await readFile(path.join(copy.dir, ".lackpy", "kits", "eval.kit"), "utf8")).toContain(
      "find_callers",
    );
  });

  it("changes when one byte of a file changes", async () => {
    const file = path.join(copy.dir, "README.md");
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace("shopkeeper", "shopkeepeR"));
    expect(await workspaceHash(copy.dir)).not.toBe(PINNED_WORKSPACE_HASH);
    await writeFile(file, text);
  });
});
