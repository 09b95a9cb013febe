/** Who may do what with a lecture's e-books in /af: uploading, ordering and granting take the e-book flag. */
import { definePolicy, flags } from "../http/policy";

export const ebooksPolicy = definePolicy("ebooks", {
  manage: flags("isEbookManager"),
});
