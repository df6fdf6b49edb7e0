/**
 * Field snippet: a label, the control, a help text and an error text wired together by
 * Chakra's Field (ids, aria-describedby, aria-invalid), so every input is labelled.
 */
import { Field as ChakraField } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

export interface FieldProps extends Omit<ChakraField.RootProps, 'label'> {
  label?: ReactNode;
  helperText?: ReactNode;
  errorText?: ReactNode;
  optionalText?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

export function Field(props: FieldProps) {
  const { label, children, helperText, errorText, optionalText, ref, ...rest } = props;
  return (
    <ChakraField.Root ref={ref} {...rest}>
      {label && (
        <ChakraField.Label>
          {label}
          <ChakraField.RequiredIndicator fallback={optionalText} />
        </ChakraField.Label>
      )}
      {children}
      {helperText && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
      {errorText && <ChakraField.ErrorText>{errorText}</ChakraField.ErrorText>}
    </ChakraField.Root>
  );
}
