/** A user of the embedded service; bearer tokens map to users. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  /**
   * Administers the domain of their email address: requests that set `useDomainAdminAccess`
   * reach that domain's shared drives without membership. Absent means false.
   */
  readonly domainAdmin?: boolean;
}
