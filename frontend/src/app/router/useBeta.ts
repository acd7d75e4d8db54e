import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { hasBetaParam, withBeta } from './routes';

/** Whether `beta=on` is active, and a builder that keeps it on link targets. */
export function useBeta(): { betaOn: boolean; link: (to: string) => string } {
  const { search } = useLocation();
  const betaOn = hasBetaParam(search);
  const link = useCallback((to: string) => withBeta(to, betaOn), [betaOn]);
  return { betaOn, link };
}
