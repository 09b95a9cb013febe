/**
 * The plumbing of a back-office create/edit page: which record the address names, filling the form
 * when the record arrives, and saving (toast, back to the list, server field errors under fields).
 */
import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useParams } from "react-router";
import { useSafeNavigate } from "../../lib/navigation";
import { showSuccess } from "../../lib/toast";
import { editId, recordState } from "./record";
import { reportFormError } from "./resolver";

/** The id of `/x/{id}`: null on the create page, -1 for an id that cannot exist (so it loads as "not found"). */
export function useRecordId(): number | null {
  const param = useParams().id;
  return param === undefined ? null : (editId(param) ?? -1);
}

export type RecordFormOptions<Values extends FieldValues, Data> = {
  form: UseFormReturn<Values>;
  /** The record's id (null on the create page, see useRecordId) and its query. */
  id: number | null;
  query: Parameters<typeof recordState>[0] & { data: Data | undefined };
  /** The form's values for the loaded record. */
  toValues: (data: Data) => Values;
  /** Sends the values; its answer's message is shown as a success toast. */
  save: (values: Values) => Promise<{ message?: string | null }>;
  /** The server's field names (dotted paths) that have a field in the form. */
  fields: readonly string[];
  /** Where to go after saving (the list). */
  list: string;
  /** Checks beyond the schema; false stops the save (the check shows its own message). */
  validate?: (values: Values) => boolean;
  /** Called when saving failed, after the usual messages (e.g. for a file field outside the form). */
  onError?: (error: unknown) => void;
};

/**
 * Fills the form when the record arrives; returns the form's submit handler, Cancel (back to the
 * list) and `page`, what FormPage needs of them: `<FormPage {...page} title=... texts=...>`.
 */
export function useRecordForm<Values extends FieldValues, Data>({
  form,
  id,
  query,
  toValues,
  save,
  fields,
  list,
  validate,
  onError,
}: RecordFormOptions<Values, Data>) {
  const navigate = useSafeNavigate();
  const data = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: toValues is a pure mapping of the record
  useEffect(() => {
    if (data) form.reset(toValues(data));
  }, [data, form]);
  const submit = form.handleSubmit(async (values) => {
    if (validate && !validate(values)) return;
    try {
      const answer = await save(values);
      if (answer.message) showSuccess(answer.message);
      navigate(list);
    } catch (error) {
      reportFormError(error, form.setError, fields);
      onError?.(error);
    }
  });
  const cancel = () => navigate(list);
  return {
    submit,
    cancel,
    page: {
      record: recordState(query, id !== null),
      onSubmit: submit,
      onCancel: cancel,
      saving: form.formState.isSubmitting,
    },
  };
}
