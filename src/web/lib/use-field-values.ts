import { useState } from 'react';
import type { FieldErrors } from './field-errors';

/**
 * A hand-written form's text values and the errors under them. `set(field)` is the field's change
 * handler: it takes the new text and clears that field's error, since the user is fixing it.
 */
export function useFieldValues<V extends Record<string, string>>(initial: V) {
  type K = Extract<keyof V, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const set = (field: K) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return { values, setValues, errors, setErrors, set };
}
