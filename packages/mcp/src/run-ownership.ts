/**
 * Who a tool call is for, on a server many callers share (Streamable HTTP with tokens): `owner`
 * names the caller of the call being handled (an opaque id: the token's id, whatever form the
 * server gives it). The service keeps each caller's dry runs and runs as theirs in the store
 * every instance shares (decision 95): a caller applies only its own dry runs and undoes only its
 * own runs, through any instance, and `undo` without a `runId` takes back its own last run. While
 * `owner` names none (stdio, or HTTP without tokens: one person), nothing is checked. Ids another
 * caller made are refused as unknown, so their existence does not leak.
 */
export class RunOwnership {
  constructor(private readonly owner: () => string | undefined) {}

  /** The service's `caller` option for the call being handled: empty while no caller is known. */
  caller(): { caller?: string } {
    const owner = this.owner();
    return owner === undefined ? {} : { caller: owner };
  }
}
