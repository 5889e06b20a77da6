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
import { secretValues } from "../run-program.js";
import {
  revealSecretArguments,
  secretMarkers,
  toSecretArguments,
} from "../isolated/secret-arguments.js";
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
    expect(Object.keys(secret).sort()).toEqual(["name", "path"]);
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
    const options = { params: { ...SECRET_PARAMS, plain: "visible" }, secretParams: SECRET_NAMES };
    const request = isolatedRequest("use(token)", options, resolveLimits({}), vault());
    expect(request.params).toEqual({ plain: "visible" });
    expect(request.secretParams).toEqual(SECRET_NAMES);
    const text = JSON.stringify(request);
    for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret);
  });
});
