import { describe, expect, it } from "vitest";
import { HOSTILE_TEXTS, RAW_HOSTILE } from "../__fixtures__/hostile-texts.js";
import { escapeTerminalText, styleMark, terminalText, trustedStyles } from "./terminal-text.js";

describe("escapeTerminalText", () => {
  it.each(HOSTILE_TEXTS)("shows %s escaped", (_name, text, shown) => {
    const escaped = escapeTerminalText(text);
    expect(escaped).toContain(shown);
    expect(escaped).not.toMatch(RAW_HOSTILE);
  });

  it("keeps tabs, newlines, CRLF line ends and ordinary text in any script", () => {
    const text = "a\tb\r\nc\nΣοφία 日本語 café naïve\n";
    expect(escapeTerminalText(text)).toBe(text);
  });

  it("passes plain ASCII through as it is, and still escapes every other ASCII character", () => {
    const plain = (code: number) => code === 9 || code === 10 || (code >= 0x20 && code <= 0x7e);
    for (let code = 0; code < 0x80; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      if (plain(code)) expect(escapeTerminalText(text)).toBe(text);
      else expect(escapeTerminalText(text)).not.toContain(String.fromCharCode(code));
    }
    expect(escapeTerminalText("line\r\n")).toBe("line\r\n");
  });

  it("keeps the joiners and variation selectors that draw an emoji, and no others", () => {
    const emoji = "❤️ 👩‍💻 1️⃣";
    expect(escapeTerminalText(emoji)).toBe(emoji);
    expect(escapeTerminalText("a\u200db")).toBe("a\\u200db");
    expect(escapeTerminalText("😀\u200dadmin")).toBe("😀\\u200dadmin");
    expect(escapeTerminalText("x\ufe0f")).toBe("x\\ufe0f");
  });
});

describe("terminalText", () => {
  it("turns only lackpy's own markers into colours, and escapes lookalike escape sequences", () => {
    const text = `${styleMark("31m")}error${styleMark("39m")}: \u001b[31mforged\u001b[39m`;
    expect(terminalText(text, true)).toBe("\u001b[31merror\u001b[39m: ␛[31mforged␛[39m");
    expect(terminalText(text, false)).toBe("error: ␛[31mforged␛[39m");
  });

  it("escapes a marker whose nonce is not this process's", () => {
    const forged = "\uE00000000000000031m\uE001x";
    expect(terminalText(forged, true)).not.toContain("\u001b");
  });

  it("reads citty's own help colours as markers", () => {
    expect(terminalText(trustedStyles("\u001b[1mUSAGE\u001b[22m"), true)).toBe(
      "\u001b[1mUSAGE\u001b[22m",
    );
    expect(terminalText(trustedStyles("\u001b[1mUSAGE\u001b[22m"), false)).toBe("USAGE");
  });
});
