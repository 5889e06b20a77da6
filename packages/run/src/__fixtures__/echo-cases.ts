import type { ToolSpec } from "@lackpy/lang";

/**
 * Tools that hand back what they are given, each in another shape: as it is, upper-cased,
 * reversed, split around other text, as an object's field or key, in JSON, inside a set, a map
 * or nested lists. A secret passed to one comes back to the program; what comes back must be a
 * marker, never data the program can read or transform.
 */
export function echoTools() {
  const text = (value: unknown) => String(value);
  return {
    echo: (value: unknown) => value,
    upper: (value: unknown) => text(value).toUpperCase(),
    mixed: (value: unknown) =>
      [...text(value)].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join(""),
    reversed: (value: unknown) => [...text(value)].reverse().join(""),
    split: (value: unknown) => `Bearer ${text(value)} end`.split(" "),
    field: (value: unknown) => ({ status: "ok", value: text(value).toUpperCase(), count: 1 }),
    keyed: (value: unknown) => ({ [text(value)]: 1, other: 2 }),
    json: (value: unknown) => JSON.stringify({ token: value }),
    inSet: (value: unknown) => new Set(["a", value]),
    inMap: (value: unknown) => new Map([["k", value]]),
    nested: (value: unknown) => [[{ deep: `pre-${text(value)}-post` }]],
    number: (value: unknown) => Number.parseInt(text(value), 10),
    turkishUpper: (value: unknown) => text(value).toLocaleUpperCase("tr"),
    turkishLower: (value: unknown) => text(value).toLocaleLowerCase("tr"),
    turkishFailing: (value: unknown) => {
      throw new Error(`refused ${text(value).toLocaleUpperCase("tr")}`);
    },
    failing: (value: unknown) => {
      throw new Error(`refused ${text(value).toUpperCase()}`);
    },
  };
}

/** Specs of `echoTools`: every one takes secrets (that is how a secret reaches it). */
export const ECHO_TOOL_SPECS: ToolSpec[] = Object.keys(echoTools()).map((name) => ({
  name,
  args: [{ name: "value", type: "any" }],
}));

/** A secret the echo tools get: long, mixed case, a number, and one with `i` and `I` (which Turkish casing changes). */
export const ECHO_SECRETS = { token: "s3cret-Token-Value", pin: "48151623", key: "Wiki-Invite-Id" };

/** Every text that must never appear in a result, in any case. */
export const ECHO_SECRET_TEXTS = [
  "s3cret-Token-Value",
  "48151623",
  "eulaV-nekoT-terc3s",
  "Wiki-Invite-Id",
  "Wiki-Invite-Id".toLocaleUpperCase("tr"),
  "Wiki-Invite-Id".toLocaleLowerCase("tr"),
];

/**
 * Programs that launder an echoed secret into plain data (split/join, reverse, case changes,
 * `print`, a field, a key, JSON, a set, a map, a slice): each must fail with `secret_access`.
 */
export const ECHO_LEAKS: [string, string][] = [
  ["split, reverse and join an echo", `const r = echo(token)\nr.split("").reverse().join("")`],
  ["print an echo lower-cased", `const r = echo(token)\nprint(r.toLowerCase())`],
  ["lower-case an upper-cased echo", `const r = upper(token)\nr.toLowerCase()`],
  ["read a mixed-case echo", `const r = mixed(token)\nr.slice(0, 5)`],
  ["reverse a reversed echo back", `const r = reversed(token)\nconst back = [...r].reverse().join("")`],
  ["join the parts of a split echo", `const r = split(token)\nr.join(" ")`],
  ["split a part of a split echo", `const r = split(token)\nr[1].split("-")`],
  ["lower-case an upper-cased field", `const r = field(token)\nr.value.toLowerCase()`],
  ["list the keys of an echo", `const r = keyed(token)\nkeys(r)`],
  ["parse an echo in JSON", `const r = json(token)\nJSON.parse(r).token`],
  ["spread a set holding the echo", `const r = inSet(token)\nconst items = [...r]`],
  ["read a map holding the echo", `const r = inMap(token)\nr.get("k")`],
  ["slice a nested echo", `const r = nested(token)\nr[0][0].deep.slice(4, 22)`],
  ["compare an echo", `echo(token) === "s3cret-Token-Value"`],
  ["add to an echoed number", `number(pin) + 1`],
  ["template an echo", "const r = echo(token)\nconst s = `${r}`"],
  ["stringify an echo", `const r = field(token)\nJSON.stringify(r)`],
  ["lower-case an echo upper-cased with Turkish rules", `turkishUpper(key).toLowerCase()`],
  ["read an echo lower-cased with Turkish rules", `turkishLower(key).slice(0, 9)`],
];

/** Programs that keep an echo as it is: the result shows markers, never the value. */
export const ECHO_MARKED: [string, string, unknown][] = [
  ["an echo as the output", `echo(token)`, "[secret:token]"],
  ["a split echo", `split(token)`, ["Bearer", "[secret:token]", "end"]],
  ["an object with an echoed field", `field(token)`, { status: "ok", value: "[secret:token]", count: 1 }],
  ["an object keyed by the echo", `keyed(token)`, "[secret:token]"],
  ["a set holding the echo", `inSet(token)`, "[secret:token]"],
  ["an echoed number", `number(pin)`, "[secret:pin]"],
  ["an echo upper-cased with Turkish rules", `turkishUpper(key)`, "[secret:key]"],
  ["an echo lower-cased with Turkish rules", `turkishLower(key)`, "[secret:key]"],
  ["the untouched part of a result", `field(token).status`, "ok"],
];
