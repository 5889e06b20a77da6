import { describe, expect, it } from "vitest";
import {
  FILE_TOOL_SPECS,
  SECRET_NAMES,
  SECRET_PARAMS,
  SECRET_TEXTS,
  SECRET_TOOL_SPECS,
} from "../__fixtures__/secret-cases.js";
import { toolErrorData } from "../isolated/host-tool-call.js";
import { resolveLimits } from "../limits.js";
import { isolatedRequest } from "../isolated/run-isolated.js";
import { prepareProgram, secretValues } from "../run-program.js";
import {
  hideSecretResult,
  placeSecretMarkers,
  revealSecretArguments,
  secretMarkers,
  toSecretArguments,
} from "../isolated/secret-arguments.js";
import { SecretTexts } from "./secret-texts.js";
import { SecretValue } from "./secret-value.js";
import { SecretVault } from "./secret-vault.js";

const vault = () =>
  new SecretVault(
    secretValues({ params: SECRET_PARAMS, secretParams: SECRET_NAMES }),
    SECRET_NAMES,
  );

describe("SecretVault", () => {
  it.each([
    [[], "hunter2-Token-Value"],
    [["length"], 19],
    [["0"], "h"],
    [["99"], undefined],
    [["nope"], undefined],
  ])("reveals token at %j", (path, expected) => {
    expect(vault().reveal(new SecretValue("token", path))).toEqual(expected);
  });

  it.each([
    [["user"], "ada-User-Name"],
    [["nested", "deep"], "deep-Secret-1"],
    [["list", "0"], "li5t-Item"],
    [["list", "length"], 1],
    [["missing", "deeper"], undefined],
    [["__proto__"], undefined],
    [["constructor"], undefined],
    [["toString"], undefined],
  ])("reveals creds at %j through own data only", (path, expected) => {
    expect(vault().reveal(new SecretValue("creds", path))).toEqual(expected);
  });

  it("refuses a name that is not a secret of the run", () => {
    expect(() => vault().reveal(new SecretValue("other"))).toThrow("not a secret parameter");
    expect(() => new SecretVault({}, ["absent"])).toThrow("has no value in params");
  });

  it("redacts every secret text, the longest first, with its marker", () => {
    expect(vault().redact("hunter2-Token-Value and Qx7 and ζ and k3y-Value-xyz")).toBe(
      "[secret:token] and [secret:pin] and [secret:one] and [secret:creds.key]",
    );
    expect(vault().redactError({ message: "zQ", hint: "deep-Secret-1" })).toEqual({
      message: "[secret:two]",
      hint: "[secret:creds.nested.deep]",
    });
  });
});

describe("SecretValue", () => {
  it("is a frozen marker with no value and a display", () => {
    const secret = new SecretValue("creds", ["nested", "deep"]);
    expect(Object.isFrozen(secret)).toBe(true);
    expect(Object.keys(secret).sort()).toEqual(["held", "name", "path"]);
    expect(secret.held).toBeNull();
    expect(secret.display).toBe("[secret:creds.nested.deep]");
    expect(secret.field("x").label).toBe("creds.nested.deep.x");
  });

  it.each([
    ["String", (secret: SecretValue) => String(secret)],
    ["template", (secret: SecretValue) => `${secret}`],
    ["+", (secret: SecretValue) => (secret as unknown as number) + 1],
    ["JSON", (secret: SecretValue) => JSON.stringify({ secret })],
    ["join", (secret: SecretValue) => [secret].join("")],
    ["sort", (secret: SecretValue) => [secret, "a"].sort()],
  ])("refuses a native %s coercion with secret_access", (_name, coerce) => {
    expect(() => coerce(new SecretValue("token"))).toThrow(
      expect.objectContaining({ code: "secret_access" }),
    );
  });
});

describe("secret tool arguments across the isolation boundary", () => {
  it("sends markers as null plus where they were, and the host fills in the values", () => {
    const sent = toSecretArguments([
      "a",
      new SecretValue("creds", ["key"]),
      new SecretValue("pin"),
    ]);
    expect(sent).toEqual({
      args: ["a", null, null],
      secrets: [
        { index: 1, name: "creds", path: ["key"] },
        { index: 2, name: "pin", path: [] },
      ],
    });
    expect(JSON.stringify(sent)).not.toContain("k3y");
    expect(revealSecretArguments(sent.args, sent.secrets, vault())).toEqual([
      "a",
      "k3y-Value-xyz",
      "Qx7",
    ]);
    expect(secretMarkers(sent.args, sent.secrets)).toEqual([
      "a",
      "[secret:creds.key]",
      "[secret:pin]",
    ]);
    expect(toSecretArguments([1, "b"])).toEqual({ args: [1, "b"] });
  });

  it("refuses a secret argument out of range or of another name", () => {
    expect(() =>
      revealSecretArguments([null], [{ index: 3, name: "pin", path: [] }], vault()),
    ).toThrow("out of range");
    expect(() =>
      revealSecretArguments([null], [{ index: 0, name: "nope", path: [] }], vault()),
    ).toThrow("not a secret parameter");
  });

  it.each(
    FILE_TOOL_SPECS.flatMap((spec) =>
      (spec.args ?? []).flatMap((_, index) =>
        [
          { name: "token", path: [] },
          { name: "creds", path: ["key"] },
          { name: "one", path: [] },
        ].map((secret) => ({ tool: spec.name, spec, index, secret })),
      ),
    ),
  )(
    "refuses $secret.name for $tool argument $index in the host, whatever the child decided",
    ({ tool, spec, index, secret }) => {
      const specs = [...SECRET_TOOL_SPECS, ...FILE_TOOL_SPECS];
      const args = (spec.args ?? []).map((_, position) => (position === index ? null : "a.txt"));
      let thrown: unknown;
      try {
        revealSecretArguments(args, [{ index, ...secret }], vault(), {
          spec,
          toolNames: specs.map((each) => each.name),
          specOf: (name) => specs.find((each) => each.name === name),
        });
      } catch (error) {
        thrown = error;
      }
      // What the child gets back: the code survives, so the run fails with secret_access.
      const data = toolErrorData(thrown);
      expect(data.code).toBe("secret_access");
      expect(data.message).toContain(`'${secret.name}' cannot be passed to ${tool}`);
      expect(data.hint).toContain(`e.g. use(${secret.name})`);
      for (const text of SECRET_TEXTS) expect(JSON.stringify(data)).not.toContain(text);
    },
  );

  it("reveals secrets for a tool whose spec takes them or is unknown", () => {
    const secrets = [{ index: 0, name: "pin", path: [] }];
    for (const spec of [SECRET_TOOL_SPECS[0], { name: "use", acceptsSecrets: true }, undefined])
      expect(
        revealSecretArguments([null], secrets, vault(), {
          spec,
          toolNames: ["use"],
          specOf: () => spec,
        }),
      ).toEqual(["Qx7"]);
  });

  it("gives the tool a copy, so it cannot change the vault's value", () => {
    const holder = vault();
    const [creds] = revealSecretArguments(
      [null],
      [{ index: 0, name: "creds", path: [] }],
      holder,
    ) as [{ user: string }];
    creds.user = "changed";
    expect(holder.reveal(new SecretValue("creds", ["user"]))).toBe("ada-User-Name");
  });

  it("never puts a secret value in the child's run request", () => {
    const options = {
      tools: { use: () => null },
      params: { ...SECRET_PARAMS, plain: "visible" },
      secretParams: SECRET_NAMES,
    };
    const prepared = prepareProgram("use(token)", options);
    if (!("program" in prepared)) throw new Error("the program did not validate");
    const request = isolatedRequest(prepared.program, options, resolveLimits({}), vault());
    expect(request.params).toEqual({ plain: "visible" });
    expect(request.secretParams).toEqual(SECRET_NAMES);
    const text = JSON.stringify(request);
    for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret);
  });
});

describe("SecretTexts", () => {
  const texts = new SecretTexts(
    new Map<string, unknown>([
      ["token", "s3cret-Token"],
      ["street", "Straße"],
      ["pin", "Qx7"],
      ["creds", { user: "ada", key: "k3y-Value", port: 5432 }],
    ]),
  );

  it.each([
    ["the text itself", "s3cret-Token", "token"],
    ["the text inside other text", "Bearer s3cret-Token!", "token"],
    ["the text upper-cased", "S3CRET-TOKEN", "token"],
    ["the text in mixed case", "s3CrEt-tOkEn", "token"],
    ["the text reversed", "nekoT-terc3s", "token"],
    ["an upper-casing that changes the length", "STRASSE", "street"],
    ["a field of an object", "key=K3Y-VALUE", "creds.key"],
    ["a number of an object, as text", "port 5432 open", "creds.port"],
    ["a short text, whole", " qx7 ", "pin"],
    ["a short field, whole", "ADA", "creds.user"],
  ])("finds %s", (_name, text, label) => {
    const found = texts.find(text);
    expect(found && [found.name, ...found.origin].join(".")).toBe(label);
  });

  it.each([
    ["a short text inside other text", "aQx7b"],
    ["a part of a long text", "s3cret"],
    ["unrelated text", "hello"],
  ])("does not find %s", (_name, text) => {
    expect(texts.find(text)).toBeNull();
  });

  it("redacts every secret text, any length, ignoring case", () => {
    expect(texts.redact("login ADA with S3CRET-token and qx7")).toBe(
      "login [secret:creds.user] with [secret:token] and [secret:pin]",
    );
  });

  it("has nothing to find without secrets", () => {
    const none = new SecretTexts(new Map());
    expect(none.empty).toBe(true);
    expect(none.find("anything")).toBeNull();
    expect(none.redact("anything")).toBe("anything");
  });
});

describe("hiding secrets in what a tool returns, across the isolation boundary", () => {
  it("takes each part out on the host and puts a marker at each place in the child", () => {
    const vault = new SecretVault({ token: "s3cret-Token" }, ["token"]);
    const shared = { note: "S3CRET-TOKEN" };
    const value = { list: ["a", "Bearer s3cret-Token"], one: shared, two: shared, plain: 1 };
    const hidden = hideSecretResult(structuredClone(value), vault, "echo");
    expect(JSON.stringify(hidden.value)).not.toMatch(/s3cret/i);
    expect(hidden.secrets?.map((secret) => secret.at)).toEqual([
      ["list", 1],
      ["one", "note"],
    ]);
    const placed = placeSecretMarkers(structuredClone(hidden.value), hidden.secrets, "echo") as {
      list: unknown[];
      one: { note: unknown };
      two: { note: unknown };
    };
    expect(placed.list[1]).toBeInstanceOf(SecretValue);
    expect((placed.two.note as SecretValue).display).toBe("[secret:token]");
    expect(vault.reveal(placed.list[1] as SecretValue)).toBe("Bearer s3cret-Token");
  });

  it("hides an object with a secret key, at every place it is shared", () => {
    const vault = new SecretVault({ token: "s3cret-Token" }, ["token"]);
    const keyed = { "s3cret-Token": 1 };
    const hidden = hideSecretResult([keyed, { again: keyed }], vault, "echo");
    expect(hidden.value).toEqual([null, { again: null }]);
    expect(hidden.secrets?.map((secret) => secret.at)).toEqual([[0], [1, "again"]]);
  });

  it("fails a call whose marker has no place in the child's copy", () => {
    expect(() =>
      placeSecretMarkers({ a: 1 }, [{ at: ["b", 0], name: "t", origin: [], handle: 0 }], "x"),
    ).toThrow("a secret's place in a tool result was not found");
  });

  it("refuses a marker whose handle the host does not hold", () => {
    const vault = new SecretVault({ token: "s3cret-Token" }, ["token"]);
    const forged = new SecretValue("token", [], { handle: 7, origin: [], tool: "echo" });
    expect(() => vault.reveal(forged)).toThrow("No value is held for the secret marker");
  });
});
