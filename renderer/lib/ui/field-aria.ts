/** Attributes Field hands to the control it wraps, so label, hint and error are all announced. */
export interface FieldAria {
  id: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
}
