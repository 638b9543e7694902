import { type Role, roleRank } from '@flagpole/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { useProfile } from '../api/get-profile';

/** Signed-out visitors go to sign-in (and come back); a lower role sees "not found". */
export function RequireRole({ minRole, children }: { minRole: Role; children: ReactNode }) {
  const { user, isLoading, isChecking } = useProfile();
  const location = useLocation();
  // A cached "signed out" may be stale (signed in from another tab): ask the server before redirecting.
  if (isLoading || (!user && isChecking)) return <PageLoader />;
  if (!user) {
    const from = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/account/login?from=${from}`} replace />;
  }
  if (roleRank[user.role] < roleRank[minRole]) return <NotFoundPage />;
  return children;
}
