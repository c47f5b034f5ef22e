import { describe, expect, it } from "vitest";
import { csvRecordCounter } from "./download-csv";

describe("csvRecordCounter", () => {
  it("counts records across pieces, not the line breaks inside quoted cells", () => {
    const count = csvRecordCounter();
    expect(count('\uFEFFid,email,address\r\n1,a@example.com,"1 Main St\r\n')).toBe(1);
    expect(count('Flat 2"\r\n2,b@example.com,"say ""hi""')).toBe(2);
    expect(count('"\r\n3,c@example.com,\r\n')).toBe(4);
  });
});
