/**
 * A listed record's place in its list and whether it is shown: the position box and the Active tick,
 * for a grid of two columns (the tick lines up with the box beside it). The form's values hold them
 * as `position` and `active`.
 */
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { CheckboxField, NumberField } from "../form";

export function PositionActiveFields<T extends FieldValues & { position: number | null; active: boolean }>({
  control,
  texts,
}: {
  control: Control<T>;
  texts: { position: ReactNode; positionHint: ReactNode; active: ReactNode; activeHint: ReactNode };
}) {
  return (
    <>
      <NumberField
        control={control}
        name={"position" as FieldPath<T>}
        label={texts.position}
        hint={texts.positionHint}
        min={0}
      />
      <CheckboxField
        control={control}
        name={"active" as FieldPath<T>}
        label={texts.active}
        hint={texts.activeHint}
        className="sm:pt-7"
      />
    </>
  );
}
