import { PASSWORD_MIN_LENGTH } from "#common/auth/accounts.ts";
import { Field } from "#client/ui/field.tsx";
import { PasswordInput } from "#client/ui/password-input.tsx";

type PasswordValues = { password: string; confirmPassword: string };
type ChangeHandler = (name: keyof PasswordValues) => (event: { target: { value: string } }) => void;

/** A new password and its confirmation (sign-up, reset), named password and confirmPassword. */
export function NewPasswordFields({
  labels,
  values,
  errors,
  onChange,
}: {
  labels: { password: string; confirmPassword: string };
  values: PasswordValues;
  errors: Partial<Record<keyof PasswordValues, string>>;
  onChange: ChangeHandler;
}) {
  return (
    <>
      <Field label={labels.password} error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
        <PasswordInput name="password" autoComplete="new-password" required value={values.password} onChange={onChange("password")} />
      </Field>
      <Field label={labels.confirmPassword} error={errors.confirmPassword}>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={onChange("confirmPassword")}
        />
      </Field>
    </>
  );
}
