import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePath, safeFileName } from "./fixtures.js";

describe("safeFileName", () => {
  it.each([
    ["qwen2.5-coder:7b", "qwen2.5-coder_7b"],
    ["hf.co/user/Model-GGUF:Q4_K_M", "hf.co_user_Model-GGUF_Q4_K_M"],
    ["claude-sonnet-4-5", "claude-sonnet-4-5"],
    ['a<b>c"d|e?f*g\\h', "a_b_c_d_e_f_g_h"],
    ["trailing.", "trailing"],
    ["CON", "_CON"],
    ["nul.txt", "_nul.txt"],
    ["", "_"],
  ])("%s → %s", (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it("names fixture files with no character any OS refuses", () => {
    const file = fixturePath("ollama", "qwen2.5-coder:7b", "/fixtures");
    expect(file).toBe(path.join("/fixtures", "ollama", "qwen2.5-coder_7b.jsonl"));
    expect(path.basename(file)).not.toMatch(/[<>:"/\\|?*]/);
  });
});
