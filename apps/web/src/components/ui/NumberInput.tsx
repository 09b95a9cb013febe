import type { ClipboardEvent, DragEvent, KeyboardEvent } from "react";
import { Input, type InputProps } from "./Input";

/** Keys the specification forbids in number fields: exponent, sign and decimal separators. */
export const FORBIDDEN_NUMBER_KEYS: ReadonlySet<string> = new Set(["e", "E", "+", "-", ".", ","]);

const hasForbiddenCharacter = (text: string) => [...text].some((c) => FORBIDDEN_NUMBER_KEYS.has(c));

export type NumberInputProps = Omit<InputProps, "type">;

/** A whole-number input: the forbidden keys are blocked, and so is pasted or dropped text containing them. */
export function NumberInput({ onKeyDown, onPaste, onDrop, onWheel, inputMode, ...props }: NumberInputProps) {
  return (
    <Input
      type="number"
      inputMode={inputMode ?? "numeric"}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (FORBIDDEN_NUMBER_KEYS.has(event.key)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        if (hasForbiddenCharacter(event.clipboardData.getData("text"))) event.preventDefault();
        onPaste?.(event);
      }}
      onDrop={(event: DragEvent<HTMLInputElement>) => {
        if (hasForbiddenCharacter(event.dataTransfer.getData("text"))) event.preventDefault();
        onDrop?.(event);
      }}
      // A focused number field changes its value on mouse-wheel scroll; leaving focus stops that surprise.
      onWheel={(event) => {
        event.currentTarget.blur();
        onWheel?.(event);
      }}
      {...props}
    />
  );
}
