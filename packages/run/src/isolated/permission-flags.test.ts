import { describe, expect, it } from "vitest";
import { nodePermissionFlags, permissionFlags } from "./permission-flags.js";

/** Node's own answer: the set of every option this Node has. */
const nodeAnswer = () => permissionFlags("0.0.0", () => process.allowedNodeEnvironmentFlags);

describe("permissionFlags", () => {
  it("answers this Node's version as Node's own set of options does", () => {
    expect(nodePermissionFlags()).toEqual(nodeAnswer());
    expect(nodePermissionFlags().flag).not.toBeNull();
  });

  it("answers the versions it knows without asking Node", () => {
    const never = (): ReadonlySet<string> => {
      throw new Error("asked");
    };
    expect(permissionFlags("20.10.0", never)).toEqual({
      flag: "--experimental-permission",
      disableWarning: false,
    });
    expect(permissionFlags("20.20.2", never)).toEqual({
      flag: "--experimental-permission",
      disableWarning: true,
    });
    expect(permissionFlags("21.3.0", never).disableWarning).toBe(true);
    expect(permissionFlags("24.1.0", never)).toEqual({
      flag: "--permission",
      disableWarning: true,
    });
  });

  it("asks Node about a version it does not know, and prefers the stable flag", () => {
    const asked = (names: string[]) => () => new Set(names);
    expect(permissionFlags("22.12.0", asked(["--experimental-permission"]))).toEqual({
      flag: "--experimental-permission",
      disableWarning: false,
    });
    expect(
      permissionFlags(
        "26.0.0",
        asked(["--permission", "--experimental-permission", "--disable-warning"]),
      ),
    ).toEqual({ flag: "--permission", disableWarning: true });
    expect(permissionFlags("18.19.0", asked([]))).toEqual({ flag: null, disableWarning: false });
    expect(permissionFlags("not a version", asked(["--permission"])).flag).toBe("--permission");
  });
});
