import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-fetch";
import { fieldMessage, labelledMessage, userMessage } from "./messages";

describe("message catalog", () => {
  it("writes field errors for people", () => {
    expect(
      fieldMessage({
        field: "firstName",
        pointer: "/firstName",
        code: "too_small",
        message: "Too small: expected string to have >=1 characters",
      }),
    ).toBe("Enter a first name.");
    expect(
      fieldMessage({
        field: "identifiers.id",
        pointer: "/identifiers/0/id",
        code: "invalid_phone",
        message: "is not a phone number in E.164 format",
      }),
    ).toMatch(/^This phone number is missing its country code/);
    expect(fieldMessage({ field: "identifiers", pointer: "/identifiers", code: "too_small", message: "x" })).toBe(
      "Enter an email address or phone number.",
    );
    expect(
      fieldMessage({
        field: "countryCode",
        pointer: "/countryCode",
        code: "invalid_country_code",
        message: "must be an ISO 3166-1 alpha-2 code in upper case, e.g. DE",
      }),
    ).toBe("Enter a two-letter country code, such as DE.");
    // A code the catalog does not know keeps the API's own sentence, made one.
    expect(fieldMessage({ field: "city", pointer: "/city", code: "something_new", message: "is not a city we know" })).toBe(
      "The city is not a city we know.",
    );
  });

  it("keeps a sentence the API's schema wrote for people", () => {
    expect(fieldMessage({ field: "name", pointer: "/name", code: "too_small", message: "Name the key" })).toBe("Name the key.");
    expect(fieldMessage({ field: "password", pointer: "/password", code: "too_small", message: "Use at least 10 characters" })).toBe(
      "Use at least 10 characters.",
    );
  });

  it("never shows zod's own texts", () => {
    expect(
      fieldMessage({ field: "name", pointer: "/name", code: "custom_check", message: "Invalid input: expected string, received number" }),
    ).toBe("Check the name.");
    expect(
      fieldMessage({ field: "name", pointer: "/name", code: "too_big", message: "Too big: expected string to have <=100 characters" }),
    ).toBe("This name is too long: use at most 100 characters.");
    expect(fieldMessage({ field: "tags", pointer: "/tags", code: "too_big", message: "Too big: expected array to have <=100 items" })).toBe(
      "Use at most 100.",
    );
  });

  it("words an error by the input the form shows for the field", () => {
    const bad = (code: string, message = "x") => ({ field: "f", pointer: "/f", code, message });
    expect(
      fieldMessage(bad("invalid_format", "must be an http(s) URL or a path on this service such as /image/newsletter/ID"), {
        input: "image",
      }),
    ).toBe("Enter a web address starting with https://, or choose an image from your library.");
    expect(fieldMessage(bad("required"), { input: "number" })).toBe("Enter a number.");
    expect(fieldMessage(bad("invalid_format", "may contain only letters, digits, _ and -"), { input: "key" })).toBe(
      "Use only letters, digits, _ and - (no spaces), such as favourite_colour.",
    );
    expect(fieldMessage(bad("invalid_value"), { input: "date" })).toBe("Enter a date.");
    expect(fieldMessage(bad("invalid_value"), { input: "wholeNumber" })).toBe("Enter a whole number, 1 or more.");
    expect(fieldMessage(bad("invalid_value"), { noun: "segment name" })).toBe("Choose one of the offered values for the segment name.");
    expect(fieldMessage(bad("too_small"), { noun: "segment name" })).toBe("Enter a segment name.");
    expect(fieldMessage(bad("invalid_colour", "must be a CSS colour (#rgb, …)"))).toBe("Enter a colour such as #1a73e8, or pick one.");
    expect(fieldMessage(bad("out_of_range", "font size must be between 3px and 100px"))).toBe("Enter a value from 3px to 100px.");
    expect(fieldMessage(bad("unsafe_link", "javascript:, vbscript: and data: links are not allowed"))).toMatch(
      /^Links cannot start with javascript:/,
    );
  });

  it("leads with the field's label where the error is shown away from its field", () => {
    expect(
      labelledMessage(
        "Image",
        { field: "image.source", pointer: "/image/source", code: "invalid_format", message: "must be an http(s) URL" },
        { input: "image" },
      ),
    ).toBe("Image: enter a web address starting with https://, or choose an image from your library.");
    expect(
      labelledMessage("Segment name", {
        field: "name",
        pointer: "/name",
        code: "too_small",
        message: "Too small: expected string to have >=1 characters",
      }),
    ).toBe("Segment name: enter a segment name.");
  });
  it("lists every error of a failure, and speaks of statuses in plain words", () => {
    const two = new ApiError(400, "2 fields are invalid", [
      { field: "firstName", pointer: "/firstName", code: "too_small", message: "x" },
      { field: "identifiers.id", pointer: "/identifiers/0/id", code: "invalid_email", message: "x" },
    ]);
    expect(userMessage(two)).toBe(
      "2 things need fixing: Enter a first name. This email address is not valid (it needs a name, an @ and a domain).",
    );
    expect(userMessage(new ApiError(500, "Internal"))).toBe("Something went wrong on our side. Try again in a moment.");
    expect(userMessage(new ApiError(0, ""))).toMatch(/Could not reach Inkwell/);
    // A missing thing is said plainly (the API's detail names ids), or as the page words it.
    expect(userMessage(new ApiError(404, "Segment 6650f0c2a1b2c3d4e5f60718 does not exist"))).toBe(
      "This no longer exists. It may have been deleted.",
    );
    expect(userMessage(new ApiError(404, "No contact with email a@b.c in your brand"), { 404: "No contact has this email address." })).toBe(
      "No contact has this email address.",
    );
    expect(
      userMessage(
        new ApiError(429, "Rate limit of 20 test-send per hour exceeded; retry in 60 s", [], "https://inkwell.dev/problems/rate-limited"),
      ),
    ).toBe("Too many requests at once. Wait a moment and try again.");
    // With the API's Retry-After, the wait is said (a per-hour budget's in minutes).
    const limited = (ms: number) => new ApiError(429, "Rate limit of 1200 requests per minute exceeded; retry in 12 s", [], null, ms);
    expect(userMessage(limited(12_000))).toBe("Too many requests in a short time. Try again in 12 seconds.");
    expect(userMessage(limited(1_000))).toBe("Too many requests in a short time. Try again in 1 second.");
    expect(userMessage(limited(52 * 60_000))).toBe("Too many requests in a short time. Try again in 52 minutes.");
    expect(
      userMessage(new ApiError(502, "The mail server did not take the test email: 550", [], "https://inkwell.dev/problems/mail-failed")),
    ).toMatch(/^Your mail server did not take the email/);
  });
});
