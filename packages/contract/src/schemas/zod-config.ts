/**
 * Zod's own messages are English sentences; ours are portable keys. This error map turns every
 * issue without a message of its own into one of the shared keys, so even a schema written without
 * messages answers in the reader's language. Imported once by the package index.
 */
import { z } from "zod";
import { messageKey } from "../i18n/translate";

z.config({
  // In the browser, zod's compiled fast path would try `new Function`, which the strict Content
  // Security Policy refuses (and reports as a violation); the interpreter is fast enough for forms.
  jitless: "document" in globalThis,
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined || issue.input === null || issue.input === ""
          ? "validation.required"
          : issue.expected === "number" || issue.expected === "int"
            ? "validation.number"
            : "validation.invalid";
      case "too_small":
        return issue.origin === "string"
          ? messageKey("validation.min", { entry: "entry.characters", min: Number(issue.minimum) })
          : issue.origin === "array" || issue.origin === "set"
            ? messageKey("validation.min", { entry: "entry.items", min: Number(issue.minimum) })
            : messageKey("validation.min", { entry: "entry.number", min: Number(issue.minimum) });
      case "too_big":
        return issue.origin === "string"
          ? messageKey("validation.max", { entry: "entry.characters", max: Number(issue.maximum) })
          : issue.origin === "array" || issue.origin === "set"
            ? messageKey("validation.max", { entry: "entry.items", max: Number(issue.maximum) })
            : messageKey("validation.max", { entry: "entry.number", max: Number(issue.maximum) });
      case "invalid_format":
        return issue.format === "email"
          ? "validation.email"
          : issue.format === "url"
            ? "validation.url"
            : "validation.invalid";
      case "invalid_value":
        return "validation.oneOf";
      default:
        return "validation.invalid";
    }
  },
});
