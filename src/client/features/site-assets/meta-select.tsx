import { Field } from "../../ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select";

export type MetaSelectProps<T extends string> = {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
};

/** One of a fixed list of values, in the design system's select. */
export function MetaSelect<T extends string>({ label, name, value, options, onChange, className }: MetaSelectProps<T>) {
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
