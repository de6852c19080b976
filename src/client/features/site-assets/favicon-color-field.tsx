import { useId } from "react";
import { Input } from "#client/ui/input.tsx";
import { Label } from "#client/ui/label.tsx";

export type ColorFieldProps = { label: string; value: string; onChange: (value: string) => void; error?: string | null; name?: string };

/** A colour: the browser's picker and the hex code side by side, either one editable. */
export function ColorField({ label, value, onChange, error, name }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const validHex = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={validHex ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-control border border-control bg-surface p-1"
        />
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
