import { describe, expect, it } from "vitest";
import { liveSavedWords } from "./words";

describe("the builder's confirmation of a live save", () => {
  it("names the queued emails that took the change, when there were any", () => {
    expect(liveSavedWords(undefined)).toBe("Saved: emails not sent yet use the change.");
    expect(liveSavedWords(0)).toBe("Saved: emails not sent yet use the change.");
    expect(liveSavedWords(1)).toBe("Saved: emails not sent yet use the change, including 1 already queued email.");
    expect(liveSavedWords(12)).toBe("Saved: emails not sent yet use the change, including 12 already queued emails.");
  });
});
