import { ServiceError } from "../service-error.js";

/** `unknown_change`: no dry run kept under the id (of this caller's, when `yours`). */
export function unknownChange(changeId: string, yours: boolean): ServiceError {
  return new ServiceError(
    "unknown_change",
    yours
      ? `No pending changes of yours have the id '${changeId}'.`
      : `No pending changes have the id '${changeId}'.`,
    {
      hint: "use the changeId of a dry run you made (dryRun: true) within 15 minutes; a dry run's changes are dropped when 32 newer ones of yours are kept",
    },
  );
}

/** `change_applied`: the id was taken already, whatever that landing's outcome. */
export function changeTaken(changeId: string): ServiceError {
  return new ServiceError(
    "change_applied",
    `The changes ${changeId} were already applied (or tried).`,
    { hint: "a changeId applies once; make a new dry run to change the files again" },
  );
}

/** `change_expired`: 15 minutes passed since the dry run. */
export function changeExpired(changeId: string): ServiceError {
  return new ServiceError(
    "change_expired",
    `The changes ${changeId} expired 15 minutes after their dry run.`,
    { hint: "make the dry run again and apply its new changeId" },
  );
}
