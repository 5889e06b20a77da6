import { ToolError, type PathProtection } from "@lackpy/kit";
import { MAX_FIND_RESULTS, fileListedSince, type ListingCheck } from "@lackpy/kit/node";
import type { RunHistory } from "../store/change-store-types.js";
import { namingWinner } from "./naming-winner.js";
import type { WaitedFor } from "./path-locks.js";

/**
 * Takes again, under the landing's locks, each listing the run took before its last write
 * (decision 160): a file one shows now and did not then (other than the files the landing
 * changes) was created by someone else after the run found it missing, and the run's writes may
 * stand on that, so the landing is refused with `stale_change` naming the file (and the run that
 * created it, when a kept run explains it).
 */
export async function checkListings(
  listings: readonly ListingCheck[],
  plans: readonly { path: string }[],
  context: {
    workspace: string;
    protection: PathProtection;
    history: RunHistory | null;
    waited: WaitedFor;
  },
): Promise<void> {
  if (listings.length === 0) return;
  const changed = new Set(plans.map((plan) => plan.path));
  const again = { protection: context.protection, maxEntries: MAX_FIND_RESULTS };
  for (const listing of listings) {
    const file = await fileListedSince(context.workspace, listing, again, changed);
    if (file === null) continue;
    throw await namingWinner(
      new ToolError(
        "stale_change",
        `'${file}' was created by someone else after this run found it missing (its changes may be made from that).`,
        { hint: "run the program again to work on what the files hold now" },
      ),
      file,
      context,
    );
  }
}
