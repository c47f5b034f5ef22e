import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-fetch";
import { fieldMessage, userMessage } from "./messages";

describe("message catalog", () => {
  it("writes field errors for people", () => {
    expect(fieldMessage({ field: "firstName", pointer: "/firstName", code: "too_small", message: "Too small: expected string to have >=1 characters" })).toBe("Enter a first name.");
    expect(fieldMessage({ field: "identifiers.id", pointer: "/identifiers/0/id", code: "invalid_phone", message: "is not a phone number in E.164 format" })).toMatch(/^This phone number is missing its country code/);
    expect(fieldMessage({ field: "identifiers", pointer: "/identifiers", code: "too_small", message: "x" })).toBe("Enter an email address or phone number.");
    expect(fieldMessage({ field: "countryCode", pointer: "/countryCode", code: "invalid_country", message: "is not a country code" })).toBe("The country code is not a country code.");
  });
  it("lists every error of a failure, and speaks of statuses in plain words", () => {
    const two = new ApiError(400, "2 fields are invalid", [
      { field: "firstName", pointer: "/firstName", code: "too_small", message: "x" },
      { field: "identifiers.id", pointer: "/identifiers/0/id", code: "invalid_email", message: "x" },
    ]);
    expect(userMessage(two)).toBe("2 things need fixing: Enter a first name. This email address is not valid (it needs a name, an @ and a domain).");
    expect(userMessage(new ApiError(500, "Internal"))).toBe("Something went wrong on our side. Try again in a moment.");
    expect(userMessage(new ApiError(0, ""))).toMatch(/Could not reach Inkwell/);
  });
});
