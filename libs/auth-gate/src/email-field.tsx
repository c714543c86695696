import { TextField, type TextFieldProps } from '@croft/ui/forms';

/** The email field every gate dialog asks with: email keyboard, autofill, focused on open. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required data-autofocus {...props} />;
}
