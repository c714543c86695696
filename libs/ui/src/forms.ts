/**
 * @croft/ui/forms: the form controls. Kept out of the shared index (@croft/ui is a federation
 * singleton, bundled whole into every visitor's first load) because only pages with a form use
 * them, and they hold no page-wide state: each remote bundles the ones it uses, in the chunk of
 * the page that needs them.
 */
export { TextField, TextArea } from './components/text-field/text-field';
export type { TextFieldProps, TextAreaProps } from './components/text-field/text-field';
export { Checkbox } from './components/checkbox/checkbox';
export type { CheckboxProps } from './components/checkbox/checkbox';
export { Select } from './components/select/select';
export type { SelectProps, SelectOption } from './components/select/select';
export { RangeField } from './components/range-field/range-field';
export type { RangeFieldProps } from './components/range-field/range-field';
export { FileField } from './components/file-field/file-field';
export type { FileFieldProps } from './components/file-field/file-field';
export { OtpInput, sanitizeCode } from './components/otp-input/otp-input';
export type { OtpInputProps } from './components/otp-input/otp-input';
