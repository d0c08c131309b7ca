/** A user of the embedded service; bearer tokens map to users. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
}
