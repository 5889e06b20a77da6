import { describe, expect, it } from "vitest";
import { Toolbox } from "@lackpy/kit";
import { callsName, createEvalTools, definesName, registerEvalTools } from "./eval-tools.js";
import { WORKSPACE_DIR } from "./workspace.js";

const tools = createEvalTools(WORKSPACE_DIR);

describe("definesName", () => {
  it.each([
    ["export function loadConfig(path) {", "loadConfig"],
    ["function loadConfig() {", "loadConfig"],
    ["export async function loadConfig() {", "loadConfig"],
    ["export class Cart {", "Cart"],
    ["export interface Product {", "Product"],
    ["type Row = string[];", "Row"],
    ["export const limit = 3;", "limit"],
    ["def load_products(path):", "load_products"],
    ["    async def fetch(x):", "fetch"],
    ["class Report(Base):", "Report"],
    ["  addItem(product: Product, quantity = 1): void {", "addItem"],
    ["  private async load<T>(path: string): Promise<T> {", "load"],
    ["    def total(self):", "total"],
  ])("%s defines %s", (line, name) => {
    expect(definesName(line, name)).toBe(true);
  });

  it.each([
    ["loadConfig();", "loadConfig"],
    ["function loadConfigs() {", "loadConfig"],
    ["const x = loadConfig();", "loadConfig"],
    ["import { loadConfig } from './config';", "loadConfig"],
    ["  addItem(product, 1);", "addItem"],
    ["    if (this.items.length >= max) {", "if"],
  ])("%s does not define %s", (line, name) => {
    expect(definesName(line, name)).toBe(false);
  });
});

describe("callsName", () => {
  it("finds function and method calls, not definitions or longer names", () => {
    expect(callsName("const s = loadConfig();", "loadConfig")).toBe(true);
    expect(callsName("x = loadConfig (path)", "loadConfig")).toBe(true);
    expect(callsName("cart.addItem(products[0], 2);", "addItem")).toBe(true);
    expect(callsName("  addItem(product: Product, quantity = 1): void {", "addItem")).toBe(false);
    expect(callsName("reloadConfig()", "loadConfig")).toBe(false);
    expect(callsName("export function loadConfig() {", "loadConfig")).toBe(false);
    expect(callsName("import { loadConfig } from './config';", "loadConfig")).toBe(false);
  });
});

describe("eval tools over the workspace fixture", () => {
  it("find_definitions returns { file, line, text } rows in both languages", async () => {
    expect(await tools.find_definitions("loadConfig")).toEqual([
      {
        file: "src/config.ts",
        line: 12,
        text: 'export function loadConfig(path = "config/settings.json"): Settings {',
      },
    ]);
    expect((await tools.find_definitions("load_products")).map((row) => row.file)).toEqual([
      "scripts/utils.py",
    ]);
    expect(await tools.find_definitions("noSuchThing")).toEqual([]);
    expect(await tools.find_definitions("cartTotal")).toEqual([
      { file: "src/cart.ts", line: 24, text: "cartTotal(discountPercent = 0): number {" },
    ]);
  });

  it("find_callers lists call lines sorted by file and line, definitions excluded", async () => {
    const rows = await tools.find_callers("loadConfig");
    expect(rows.map((row) => `${row.file}:${row.line}`)).toEqual([
      "src/cart.ts:16",
      "src/cart.ts:30",
      "src/index.ts:6",
      "src/inventory.ts:21",
      "src/pricing.ts:9",
    ]);
    expect((await tools.find_callers("cartTotal")).map((row) => `${row.file}:${row.line}`)).toEqual(
      ["src/cart.ts:35", "src/cart.ts:42"],
    );
    expect((await tools.find_callers("applyDiscount")).map((row) => row.file)).toEqual([
      "src/cart.ts",
      "src/pricing.ts",
      "tests/cart.test.ts",
    ]);
  });

  it("refuses a name that is not a plain identifier, with a retriable tool error", async () => {
    await expect(tools.find_callers("../etc/passwd")).rejects.toMatchObject({
      code: "invalid_argument",
      retriable: true,
    });
    await expect(tools.find_definitions(42)).rejects.toMatchObject({ code: "invalid_argument" });
  });

  it("registers both tools under the eval provider", async () => {
    const toolbox = new Toolbox();
    registerEvalTools(toolbox, WORKSPACE_DIR);
    expect(toolbox.list().map((spec) => spec.name)).toEqual(["find_definitions", "find_callers"]);
    const find = await toolbox.resolve("find_definitions");
    expect(await find("Cart")).toHaveLength(1);
  });
});
