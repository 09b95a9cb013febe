/**
 * A typed date in the product's day/month/year style (spec section 9: 14/03/1992), whatever the
 * browser's own language: the native date input would show 03/14/1992 to a Spanish reader on an
 * American browser. The value is an ISO date (yyyy-mm-dd) once the text is a real day; until then
 * the typed text itself, so the form's date rule reports it. Accepts 14/03/1992, 14.03.1992,
 * 14-03-1992, 14031992 and 1992-03-14; slashes are added while typing digits; reformats on blur.
 */
import { type FocusEvent, useState } from "react";
import type { InputProps } from "./Input";
import { Input } from "./Input";

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** The ISO date a typed text means, or null when it is not a real calendar day. */
export function parseDateText(raw: string): string | null {
  const text = raw.trim();
  let day: number;
  let month: number;
  let year: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
    if (!m) return null;
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 1992-03-14 -> 14/03/1992; any other text unchanged. */
export function displayDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** Adds the slash after the day and the month while digits are typed (never while deleting). */
function withSlashes(next: string, previous: string): string {
  const collapsed = next.replace(/\/{2,}/g, "/");
  if (collapsed.length <= previous.length) return collapsed;
  return /^\d{2}$|^\d{1,2}\/\d{2}$/.test(collapsed) ? `${collapsed}/` : collapsed;
}

export type DateInputProps = Omit<
  InputProps,
  "type" | "value" | "defaultValue" | "onChange" | "min" | "max"
> & {
  /** yyyy-mm-dd, "" or the text typed so far. */
  value: string;
  onValueChange: (value: string) => void;
};

export function DateInput({ value, onValueChange, onBlur, ...props }: DateInputProps) {
  const [state, setState] = useState(() => ({ text: displayDate(value), value }));
  // A value set from outside (a form reset, saved data arriving) replaces the text.
  if (value !== state.value) setState({ text: displayDate(value), value });

  const change = (raw: string) => {
    const text = withSlashes(raw, state.text);
    const next = text.trim() === "" ? "" : (parseDateText(text) ?? text);
    setState({ text, value: next });
    onValueChange(next);
  };
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    const iso = parseDateText(state.text);
    if (iso) setState({ text: displayDate(iso), value: iso });
    onBlur?.(event);
  };
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...props}
      type="text"
      value={state.text}
      onChange={(event) => change(event.target.value)}
      onBlur={blur}
    />
  );
}
