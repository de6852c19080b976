import { Field } from "./field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

export type SelectFieldProps<T extends string> = {
  label: string;
  /** The form field name, when the select is part of a form. */
  name?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
};

/** A labelled choice of one of a fixed list of values. */
export function SelectField<T extends string>({ label, name, value, options, onChange, className }: SelectFieldProps<T>) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} name={name}>
      <Field label={label} className={className}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
