/**
 * A compact quantity stepper (− 2 +) for cart and checkout lines: one bordered control as tall as a
 * small button, 44 px tall on phones (DESIGN.md touch targets); typing a number works too.
 */
import { Minus, Plus } from "lucide-react";
import { NumberInput } from "../../../components/ui";
import { cn } from "../../../lib/cn";

const stepClasses =
  "flex w-11 shrink-0 items-center justify-center text-fg-muted transition-colors duration-150 " +
  "hover:bg-surface-muted hover:text-fg focus-ring disabled:cursor-not-allowed disabled:opacity-40 " +
  "disabled:hover:bg-transparent sm:w-8 [&_svg]:size-4";

export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  labels,
  className,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  labels: { quantity: string; less: string; more: string };
  className?: string;
}) {
  return (
    <div
      className={cn(
        "inline-flex h-11 items-stretch overflow-hidden rounded-md border border-border-strong bg-surface sm:h-8",
        className,
      )}
      data-testid="quantity-stepper"
    >
      <button
        type="button"
        className={stepClasses}
        aria-label={labels.less}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" />
      </button>
      <NumberInput
        aria-label={labels.quantity}
        // The control's own border and height come from the group; no spinner arrows.
        className="min-h-0 w-10 rounded-none border-0 border-x border-border px-0 py-0 text-center text-sm tabular-nums shadow-none [appearance:textfield] sm:min-h-0 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        min={min}
        max={max}
        value={String(value)}
        onChange={(event) => {
          if (event.target.value !== "") onChange(Number(event.target.value));
        }}
      />
      <button
        type="button"
        className={stepClasses}
        aria-label={labels.more}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}
