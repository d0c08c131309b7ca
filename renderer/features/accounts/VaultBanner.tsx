import { useQuery } from '@tanstack/react-query';
import { ipc } from '../../platform/ipc';

/** Says so, for as long as it is true, when account tokens are not kept safely across restarts. */
export function VaultBanner() {
  const status = useQuery({
    queryKey: ['vault-status'],
    queryFn: () => ipc.invoke('vault.status', {}),
    staleTime: Infinity,
  });
  if (!status.data?.warning) return null;
  return (
    <div className="vault-banner" role="status" data-testid="vault-banner">
      <strong>Sign-ins are not saved.</strong> {status.data.warning}
    </div>
  );
}
