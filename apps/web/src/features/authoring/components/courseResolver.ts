/**
 * The title form's resolver: maps the form to the API body and checks it with the contract's own
 * schema (`courseInput`), so the form shows the same messages the server would, under the same fields.
 */
import { courseInput } from "@aprendo/contract";
import type { FieldErrors, Resolver } from "react-hook-form";
import { type CourseFormValues, courseFieldOf, formToCourse } from "../logic";

export const courseResolver: Resolver<CourseFormValues> = async (values) => {
  const body = formToCourse(values);
  const errors: FieldErrors<CourseFormValues> = {};
  if (body.price_pence < 0) errors.price = { type: "invalid", message: "validation.invalid" };
  // The schema's price rule runs only once every field is valid; say it at once, with the rest.
  if (!body.is_free && body.price_pence === 0)
    errors.price = { type: "custom", message: "catalog.paidNeedsPrice" };
  const parsed = courseInput.safeParse(body.price_pence < 0 ? { ...body, price_pence: 1 } : body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = courseFieldOf(String(issue.path[0] ?? ""));
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
