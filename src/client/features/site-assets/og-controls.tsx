import { useId } from "react";
import { OG_RANGES, type OgRangeField } from "#common/site-assets/og.ts";
import { Label } from "#client/ui/label.tsx";

/** A px slider over one of the OG ranges (OG_RANGES), its value shown beside the label. */
export function SliderField({
  label,
  field,
  value,
  onChange,
}: {
  label: string;
  field: OgRangeField;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { min, max } = OG_RANGES[field];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-sm tabular-nums text-ink-muted">{value} px</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={`${value} pixels`}
        className="focus-ring h-2 w-full cursor-pointer accent-brand-500"
      />
      <div className="flex justify-between text-xs text-ink-subtle" aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}

/** A colour picker with its hex value, for the background, text, gradient and border colours. */
export function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring size-10 shrink-0 cursor-pointer rounded-control border border-control bg-surface p-1"
      />
      <div className="flex min-w-0 flex-col">
        <Label htmlFor={id}>{label}</Label>
        <span className="font-mono text-xs text-ink-muted uppercase">{value}</span>
      </div>
    </div>
  );
}
