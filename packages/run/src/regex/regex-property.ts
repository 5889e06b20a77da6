/**
 * Unicode property escapes (`\p{…}`, `\P{…}`, with the u flag) in RE2's spelling: general
 * categories by their short names, scripts by name, and ranges for the binary properties RE2
 * has no name for.
 */

/** Unicode general categories by their long names (RE2 knows the short ones). */
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  Letter: "L",
  Cased_Letter: "LC",
  Uppercase_Letter: "Lu",
  Lowercase_Letter: "Ll",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Combining_Mark: "M",
  Nonspacing_Mark: "Mn",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Open_Punctuation: "Ps",
  Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi",
  Final_Punctuation: "Pf",
  Other_Punctuation: "Po",
  Symbol: "S",
  Math_Symbol: "Sm",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Other_Symbol: "So",
  Separator: "Z",
  Space_Separator: "Zs",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Surrogate: "Cs",
  Private_Use: "Co",
  Unassigned: "Cn",
};

/** Ranges for the binary properties RE2 has no name for. */
const PROPERTY_RANGES: Readonly<Record<string, string>> = {
  ASCII: "\\x{0}-\\x{7f}",
  Any: "\\x{0}-\\x{10ffff}",
};

/** `\p{body}` (or `\P{body}` when `negated`) for RE2, or why it cannot be written. */
export function translateProperty(
  body: string,
  negated: boolean,
  inClass: boolean,
): string | { message: string; hint: string } {
  const [key, value] = body.includes("=") ? body.split("=") : [undefined, body];
  if (key === "Script_Extensions" || key === "scx")
    return {
      message: `The Unicode property '${body}' is not supported.`,
      hint: "use Script= instead of Script_Extensions=",
    };
  const range =
    key === undefined && Object.hasOwn(PROPERTY_RANGES, value) ? PROPERTY_RANGES[value] : undefined;
  if (range !== undefined) {
    if (inClass && negated)
      return {
        message: `\\P{${body}} inside a character class is not supported.`,
        hint: "write the class without it",
      };
    return inClass ? range : `[${negated ? "^" : ""}${range}]`;
  }
  const name = Object.hasOwn(CATEGORY_NAMES, value) ? CATEGORY_NAMES[value]! : value;
  return `\\${negated ? "P" : "p"}{${name}}`;
}
