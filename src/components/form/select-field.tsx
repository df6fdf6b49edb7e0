/** A labelled native select over a few fixed choices (list filters, small forms). */
import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Field } from '../ui/field.tsx';

export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  placeholder?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Field label={props.label} helperText={props.helperText} required={props.required} disabled={props.disabled}>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field>
  );
}
