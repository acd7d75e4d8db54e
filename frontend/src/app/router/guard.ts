import type { StatusId } from '../../api/types';
import { paths, withBeta } from '../../shared/routes';

export type RouteArea = 'public' | 'protected';

export interface GuardInput {
  area: RouteArea;
  path: string;
  hasToken: boolean;
  /** null while the user's details and status are still loading. */
  status: StatusId | null;
  hasBetaAccess: boolean;
  betaParam: boolean;
  /** The under_development flag: `beta=on` is kept on redirects only while it is on (default on). */
  underDevelopment?: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; replace: boolean };

const allow: GuardDecision = { kind: 'allow' };

function landingFor(status: StatusId): string {
  return status === 'out_of_office' ? paths.startWork : paths.office;
}

/** The routing rules of spec 01 §2 as one pure decision. */
export function decide(input: GuardInput): GuardDecision {
  const { area, path, hasToken, status, hasBetaAccess, betaParam } = input;

  if (!hasToken) {
    return area === 'protected' ? { kind: 'redirect', to: paths.home, replace: true } : allow;
  }
  // Never redirect on a status we do not know yet: the caller shows a spinner.
  if (status === null) return { kind: 'wait' };
  if (betaParam && !hasBetaAccess) return { kind: 'redirect', to: paths.unauthorized, replace: true };

  const landing = landingFor(status);
  const keepBeta = betaParam && input.underDevelopment !== false;
  const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to: withBeta(to, keepBeta), replace: true });

  if (area === 'public') return redirect(landing);
  if (status === 'out_of_office') return path === paths.startWork ? allow : redirect(paths.startWork);
  return path === paths.startWork ? redirect(paths.office) : allow;
}
