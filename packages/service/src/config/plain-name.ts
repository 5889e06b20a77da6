import { ServiceError } from "../service-error.js";

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Refuses template and kit names that are not plain names (`/`, `\` and `..` are never allowed). */
export function checkPlainName(name: string, what: "template" | "kit"): void {
  if (!NAME.test(name) || name.includes("..")) {
    throw new ServiceError("invalid_name", `'${name}' is not a valid ${what} name.`, {
      hint: "use letters, digits, _ , - and ., without / or \\ or ..",
    });
  }
}
