/**
 * A text input of the create form bound to react-hook-form, labelled, with its error under
 * it; read-only (and saying where the value came from) when the registry supplied it.
 */
import { Input } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { CreateProviderFormValues } from '../../../lib/provider-create/create-provider-schema.ts';
import { CREATE_TEXT } from '../shared/flow-texts.ts';
import type { TextFieldSpec } from './create-form-layout.ts';

export interface TextFieldProps {
  spec: TextFieldSpec;
  register: UseFormRegister<CreateProviderFormValues>;
  errors: FieldErrors<CreateProviderFormValues>;
  readOnly?: boolean;
}

export function TextField({ spec, register, errors, readOnly = false }: TextFieldProps) {
  const error = errors[spec.name]?.message;
  return (
    <Field
      label={spec.label}
      required={spec.required}
      invalid={!!error}
      errorText={error}
      helperText={readOnly ? CREATE_TEXT.fromRegistry : undefined}
      readOnly={readOnly}
    >
      <Input
        {...register(spec.name)}
        type={spec.type ?? 'text'}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete ?? 'off'}
        readOnly={readOnly}
        bg={readOnly ? 'bg.muted' : undefined}
      />
    </Field>
  );
}
