import { Field, Input, type InputProps } from '@chakra-ui/react';
import { type Ref, useId } from 'react';

type TextFieldProps = Omit<InputProps, 'id'> & {
  label: string;
  error?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input whose error is linked by aria-describedby (Ark's field only sets
 * aria-errormessage, which few screen readers announce).
 */
export function TextField({ label, error, required, ref, ...input }: TextFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ errorText: errorId }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input ref={ref} {...input} aria-describedby={error ? errorId : undefined} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
