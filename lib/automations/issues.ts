// Field errors gathered while a workflow is checked, reported all at once (the API contract): `field` the
// dot path without indices, `pointer` the JSON Pointer with them.
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { fieldFromPath, pointerFromPath } from "@/lib/http/zod-errors";

export type Path = (string | number)[];

export class Issues {
  readonly errors: FieldError[] = [];
  /** the channels a request asked for that Inkwell does not send yet */
  readonly channels = new Set<string>();

  add(path: Path, code: string, message: string): void {
    this.errors.push({ field: fieldFromPath(path), pointer: pointerFromPath(path), code, message });
  }

  get any(): boolean {
    return this.errors.length > 0;
  }

  /** Throws the request's 400: channel-unavailable when SMS or push were all that failed, else validation-failed. */
  throwIfAny(): void {
    if (!this.any) return;
    const channels = [...this.channels].join(" and ");
    const onlyChannels = this.channels.size > 0 && this.errors.every((e) => e.code === "channel_unavailable");
    if (onlyChannels) {
      throw new ApiProblem(
        "channel-unavailable",
        `${channels} blocks cannot be created: Inkwell sends email, webhooks and tag changes, not ${channels} yet`,
        { errors: this.errors },
      );
    }
    const n = this.errors.length;
    const prefix = channels ? `${channels} is not available on Inkwell yet; ` : "";
    throw new ApiProblem("validation-failed", `${prefix}${n} field${n === 1 ? " is" : "s are"} invalid`, { errors: this.errors });
  }
}
